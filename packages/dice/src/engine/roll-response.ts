import type { RandomSource, RngKind } from "@tabletop-mcp/kit/random";
import type { Validation } from "./errors.js";
import { type RollResult, rollDice } from "./roll-dice.js";
import type { RollDiceParams, ValidRollDiceParams } from "./roll-dice-params.js";
import { validateRollDice } from "./rules/validate-roll-dice.js";

/** `metadata` of the rolling tools (docs/dice.md §4). */
export interface RollMetadata {
  /** The arguments exactly as received, no defaults added. */
  parameters: unknown;
  timestamp: string;
  rng: RngKind;
}

/** The full success answer of `roll_dice`. */
export interface RollDiceResponse {
  result: RollResult;
  metadata: RollMetadata;
}

/**
 * Rolls checked arguments and wraps the result with the metadata of docs/dice.md §4.
 *
 * @param params - validated arguments
 * @param received - the arguments exactly as the client sent them, echoed in `metadata`
 * @param random - the source of the dice; its `kind` becomes `metadata.rng`
 * @param timestamp - ISO 8601 UTC with milliseconds, e.g. `2025-04-17T14:32:49.000Z`
 */
export function buildRollDiceResponse(
  params: ValidRollDiceParams,
  received: unknown,
  random: RandomSource,
  timestamp: string,
): RollDiceResponse {
  const result = rollDice(params, random);
  return { result, metadata: { parameters: received, timestamp, rng: random.kind } };
}

/**
 * The whole of `roll_dice` short of transport: checks the arguments' values and, when the roll
 * can be made, rolls and builds the answer; otherwise returns every problem.
 *
 * @param params - the arguments, of the right types
 * @param random - the source of the dice
 * @param timestamp - the time to report
 * @param received - the arguments as the client sent them, echoed in `metadata.parameters`
 */
export function respondToRollDice(
  params: RollDiceParams,
  random: RandomSource,
  timestamp: string,
  received: unknown = params,
): Validation<RollDiceResponse> {
  const validation = validateRollDice(params);
  if (!validation.ok) return validation;
  return { ok: true, value: buildRollDiceResponse(validation.value, received, random, timestamp) };
}

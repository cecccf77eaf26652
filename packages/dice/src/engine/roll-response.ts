import type { RandomSource, RngKind } from "@tabletop-mcp/kit/random";
import type { Validation } from "./errors.js";
import { type RollResult, rollDice } from "./roll-dice.js";
import type { ValidRollDiceParams } from "./roll-dice-params.js";
import { validateRollDiceArguments } from "./validation/validate-roll-dice.js";

/** `metadata` of the rolling tools (dice.md §4). */
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
 * Rolls validated arguments and wraps the result with the seed's metadata.
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
 * The whole of `roll_dice` short of transport: validates the raw arguments and, when they are
 * valid, rolls and builds the answer; otherwise returns every problem.
 *
 * @param input - the raw tool arguments
 * @param random - the source of the dice
 * @param timestamp - the time to report
 */
export function respondToRollDice(
  input: unknown,
  random: RandomSource,
  timestamp: string,
): Validation<RollDiceResponse> {
  const validation = validateRollDiceArguments(input);
  if (!validation.ok) return validation;
  return { ok: true, value: buildRollDiceResponse(validation.value, input, random, timestamp) };
}

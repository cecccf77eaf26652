import type { RandomSource, RngKind } from "@tabletop-mcp/kit/random";
import type { Validation } from "../errors.js";
import { type RollResult, rollDice } from "../roll-dice.js";
import type { RollDiceParams, ValidRollDiceParams } from "../roll-dice-params.js";
import { interpretNotation } from "./interpret-notation.js";

/** Longest notation string accepted by `roll` (docs/dice.md §6). */
export const MAX_NOTATION_LENGTH = 200;

/** Validated `roll` arguments. */
export interface RollNotationParams {
  /** The notation, trimmed of surrounding spaces and tabs. */
  readonly notation: string;
  readonly params: ValidRollDiceParams;
  readonly interpretedAs: RollDiceParams;
}

/** The full success answer of `roll`. */
export interface RollNotationResponse {
  result: RollResult & { notation: string };
  metadata: {
    parameters: unknown;
    interpreted_as: RollDiceParams;
    timestamp: string;
    rng: RngKind;
  };
}

/** `roll` arguments of the right types. */
export interface RollNotationArguments {
  readonly notation: string;
  readonly label?: string | undefined;
}

/**
 * Interprets `roll` arguments: the notation parsed, mapped onto `roll_dice` arguments and checked
 * (docs/dice.md §6), with the label passed on to the roll.
 *
 * @param args - the notation and optional label
 * @returns the roll to make, or the problems, each at its position in the notation
 */
export function validateRoll(args: RollNotationArguments): Validation<RollNotationParams> {
  const interpreted = interpretNotation(args.notation);
  if (!interpreted.ok) return interpreted;
  const { params, interpretedAs } = interpreted.value;
  const { label } = args;
  const withLabel = label === undefined ? params : ({ ...params, label } as ValidRollDiceParams);
  const echoed = label === undefined ? interpretedAs : { ...interpretedAs, label };
  return {
    ok: true,
    value: {
      notation: args.notation.replace(/^[ \t]+|[ \t]+$/g, ""),
      params: withLabel,
      interpretedAs: echoed,
    },
  };
}

/**
 * The whole of `roll` short of transport: interprets, rolls, and adds `result.notation` and
 * `metadata.interpreted_as` to the `roll_dice` shape.
 *
 * @param args - the notation and optional label
 * @param random - the source of the dice
 * @param timestamp - the time to report
 * @param received - the arguments as the client sent them, echoed in `metadata.parameters`
 */
export function respondToRoll(
  args: RollNotationArguments,
  random: RandomSource,
  timestamp: string,
  received: unknown = args,
): Validation<RollNotationResponse> {
  const validation = validateRoll(args);
  if (!validation.ok) return validation;
  const { notation, params, interpretedAs } = validation.value;
  const result = { ...rollDice(params, random), notation };
  return {
    ok: true,
    value: {
      result,
      metadata: {
        parameters: received,
        interpreted_as: interpretedAs,
        timestamp,
        rng: random.kind,
      },
    },
  };
}

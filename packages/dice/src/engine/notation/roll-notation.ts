import type { RandomSource, RngKind } from "@tabletop-mcp/kit/random";
import type { Validation } from "../errors.js";
import { type RollResult, rollDice } from "../roll-dice.js";
import { LIMITS, type RollDiceParams, type ValidRollDiceParams } from "../roll-dice-params.js";
import {
  checkText,
  checkUnknownKeys,
  isJsonObject,
  readPresent,
} from "../validation/read-fields.js";
import { type Finding, findingsToProblems, jsonTypeOf } from "../validation/violation.js";
import { interpretNotation } from "./interpret-notation.js";

/** Longest notation string accepted by `roll` (dice.md §6). */
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

/**
 * Validates untrusted `roll` arguments: `notation` (1-200 characters) parsed and interpreted,
 * optional `label` (1-100 characters) passed on to the roll.
 *
 * @param input - the arguments as received
 */
export function validateRollArguments(input: unknown): Validation<RollNotationParams> {
  if (!isJsonObject(input)) {
    return {
      ok: false,
      problems: [
        { parameter: "arguments", issue: `Expected an object, received ${jsonTypeOf(input)}` },
      ],
    };
  }
  const findings: Finding[] = [];
  const notation = readNotation(readPresent(input, "notation"), findings);
  const rawLabel = readPresent(input, "label");
  const label =
    rawLabel === undefined
      ? undefined
      : checkText(rawLabel, "label", LIMITS.maxLabelLength, findings);
  checkUnknownKeys(input, ["notation", "label"], "", findings);
  if (findings.length > 0 || notation === undefined)
    return { ok: false, problems: findingsToProblems(findings) };

  const interpreted = interpretNotation(notation);
  if (!interpreted.ok) return interpreted;
  const { params, interpretedAs } = interpreted.value;
  const withLabel = label === undefined ? params : ({ ...params, label } as ValidRollDiceParams);
  const echoed = label === undefined ? interpretedAs : { ...interpretedAs, label };
  return {
    ok: true,
    value: {
      notation: notation.replace(/^[ \t]+|[ \t]+$/g, ""),
      params: withLabel,
      interpretedAs: echoed,
    },
  };
}

/**
 * The whole of `roll` short of transport: validates, rolls, and adds `result.notation` and
 * `metadata.interpreted_as` to the `roll_dice` shape.
 *
 * @param input - the raw tool arguments, echoed in `metadata.parameters`
 * @param random - the source of the dice
 * @param timestamp - the time to report
 */
export function respondToRoll(
  input: unknown,
  random: RandomSource,
  timestamp: string,
): Validation<RollNotationResponse> {
  const validation = validateRollArguments(input);
  if (!validation.ok) return validation;
  const { notation, params, interpretedAs } = validation.value;
  const result = { ...rollDice(params, random), notation };
  return {
    ok: true,
    value: {
      result,
      metadata: { parameters: input, interpreted_as: interpretedAs, timestamp, rng: random.kind },
    },
  };
}

function readNotation(value: unknown, findings: Finding[]): string | undefined {
  if (value !== undefined) return checkText(value, "notation", MAX_NOTATION_LENGTH, findings);
  findings.push({
    parameter: "notation",
    validRange: `1-${MAX_NOTATION_LENGTH} characters`,
    violation: { kind: "missing" },
  });
  return undefined;
}

import type { Validation } from "../errors.js";
import {
  LIMITS,
  ROLL_DICE_PARAMETER_NAMES,
  type RollDiceParams,
  SELECTION_PARAMETER_NAMES,
  type ValidRollDiceParams,
} from "../roll-dice-params.js";
import {
  checkBoolean,
  checkInteger,
  checkText,
  checkUnknownKeys,
  isJsonObject,
  type JsonObject,
  readPresent,
} from "./read-fields.js";
import { type Finding, findingsToProblems } from "./violation.js";

const SELECTION_CONFLICT_TAIL = `use only one of ${SELECTION_PARAMETER_NAMES.join(", ")}`;

/**
 * Validates untrusted `roll_dice` arguments against dice.md §2: base fields first, then the
 * cross-parameter rules whose inputs are valid, every problem reported in parameter-table order.
 *
 * @param input - the arguments as received
 * @param prefix - a path prefix for nested use, e.g. `rolls[2].`
 */
export function validateRollDiceArguments(
  input: unknown,
  prefix = "",
): Validation<ValidRollDiceParams> {
  const checked = checkRollDiceArguments(input, prefix, ROLL_DICE_PARAMETER_NAMES);
  return checked.findings.length === 0
    ? { ok: true, value: checked.params as ValidRollDiceParams }
    : { ok: false, problems: findingsToProblems(checked.findings) };
}

/**
 * The structured form of {@link validateRollDiceArguments}, for callers that word problems
 * themselves (the notation tool) or accept a subset of the parameters (`dice_probability`).
 *
 * @param input - the arguments as received
 * @param prefix - a path prefix for nested use
 * @param allowed - the accepted parameter names; others are reported as unknown
 */
export function checkRollDiceArguments(
  input: unknown,
  prefix: string,
  allowed: readonly string[],
): { params: RollDiceParams; findings: Finding[] } {
  const findings: Finding[] = [];
  if (!isJsonObject(input)) {
    findings.push({
      parameter: prefix === "" ? "arguments" : prefix.slice(0, -1),
      violation: { kind: "type", expected: "object", received: input },
    });
    return { params: { dice_count: 0, dice_sides: 0 }, findings };
  }
  const params = readRollDiceFields(input, prefix, allowed, findings);
  checkUnknownKeys(input, allowed, prefix, findings);
  return { params, findings };
}

function readRollDiceFields(
  input: JsonObject,
  prefix: string,
  allowed: readonly string[],
  findings: Finding[],
): RollDiceParams {
  const read = (name: string): unknown =>
    allowed.includes(name) ? readPresent(input, name) : undefined;
  const diceCount = readRequired(
    read("dice_count"),
    `${prefix}dice_count`,
    LIMITS.maxDiceCount,
    findings,
  );
  const diceSides = readRequired(
    read("dice_sides"),
    `${prefix}dice_sides`,
    LIMITS.maxDiceSides,
    findings,
  );
  const params: RollDiceParams = { dice_count: diceCount ?? 0, dice_sides: diceSides ?? 0 };

  const modifier = read("modifier");
  if (modifier !== undefined) {
    const bounds = { min: -LIMITS.maxModifier, max: LIMITS.maxModifier };
    params.modifier = checkInteger(modifier, `${prefix}modifier`, bounds, findings);
  }
  readSelections(read, prefix, diceCount, params, findings);
  readReroll(read("reroll"), prefix, diceSides, params, findings);

  const exploding = read("exploding");
  if (exploding !== undefined) {
    params.exploding = checkBoolean(exploding, `${prefix}exploding`, findings);
    if (params.exploding === true && diceSides === 1) {
      findings.push({
        parameter: `${prefix}exploding`,
        violation: {
          kind: "rule",
          issue: "A d1 always shows its maximum and would explode forever",
        },
      });
    }
  }
  const target = read("target_number");
  if (target !== undefined) {
    const sides = diceSides ?? LIMITS.maxDiceSides;
    const max = params.exploding === true ? (LIMITS.explosionCap + 1) * sides : sides;
    params.target_number = checkInteger(
      target,
      `${prefix}target_number`,
      { min: 1, max },
      findings,
    );
  }
  const minimum = read("min_value");
  if (minimum !== undefined) {
    const bounds = { min: 1, max: diceSides ?? LIMITS.maxDiceSides };
    params.min_value = checkInteger(minimum, `${prefix}min_value`, bounds, findings);
  }
  const label = read("label");
  if (label !== undefined) {
    params.label = checkText(label, `${prefix}label`, LIMITS.maxLabelLength, findings);
  }
  return withoutUndefined(params);
}

function readRequired(
  value: unknown,
  parameter: string,
  max: number,
  findings: Finding[],
): number | undefined {
  if (value === undefined) {
    findings.push({ parameter, validRange: `1-${max}`, violation: { kind: "missing" } });
    return undefined;
  }
  return checkInteger(value, parameter, { min: 1, max }, findings);
}

function readSelections(
  read: (name: string) => unknown,
  prefix: string,
  diceCount: number | undefined,
  params: RollDiceParams,
  findings: Finding[],
): void {
  let first: string | undefined;
  for (const name of SELECTION_PARAMETER_NAMES) {
    const value = read(name);
    if (value === undefined) continue;
    const parameter = `${prefix}${name}`;
    const count = name.startsWith("keep")
      ? readKeepCount(value, parameter, diceCount, findings)
      : readDropCount(value, parameter, diceCount, findings);
    if (count === undefined) continue;
    if (first === undefined) {
      first = name;
      params[name] = count;
    } else {
      findings.push({
        parameter,
        violation: {
          kind: "rule",
          issue: `Cannot be combined with ${first}; ${SELECTION_CONFLICT_TAIL}`,
        },
      });
    }
  }
}

function readKeepCount(
  value: unknown,
  parameter: string,
  diceCount: number | undefined,
  findings: Finding[],
): number | undefined {
  const bounds =
    diceCount === undefined
      ? { min: 1, max: LIMITS.maxDiceCount }
      : { min: 1, max: diceCount, relativeToDiceCount: true };
  return checkInteger(value, parameter, bounds, findings);
}

function readDropCount(
  value: unknown,
  parameter: string,
  diceCount: number | undefined,
  findings: Finding[],
): number | undefined {
  if (diceCount === 1) {
    const violation =
      typeof value === "number" && Number.isInteger(value)
        ? { kind: "rule" as const, issue: "Nothing can be dropped from a single die" }
        : { kind: "type" as const, expected: "integer" as const, received: value };
    findings.push({ parameter, violation });
    return undefined;
  }
  const bounds =
    diceCount === undefined
      ? { min: 1, max: LIMITS.maxDiceCount - 1 }
      : { min: 1, max: diceCount - 1, relativeToDiceCount: true };
  return checkInteger(value, parameter, bounds, findings);
}

function readReroll(
  value: unknown,
  prefix: string,
  diceSides: number | undefined,
  params: RollDiceParams,
  findings: Finding[],
): void {
  if (value === undefined) return;
  const parameter = `${prefix}reroll`;
  if (!Array.isArray(value)) {
    findings.push({ parameter, violation: { kind: "type", expected: "array", received: value } });
    return;
  }
  if (value.length > LIMITS.maxRerollEntries) {
    findings.push({
      parameter,
      validRange: `0-${LIMITS.maxRerollEntries} items`,
      violation: {
        kind: "too-long",
        length: value.length,
        max: LIMITS.maxRerollEntries,
        unit: " items",
      },
    });
    return;
  }
  const max = diceSides ?? LIMITS.maxDiceSides;
  const before = findings.length;
  const faces: number[] = [];
  value.forEach((face: unknown, index) => {
    const checked = checkInteger(face, `${parameter}[${index}]`, { min: 1, max }, findings);
    if (checked !== undefined) faces.push(checked);
  });
  if (findings.length > before) return;
  if (diceSides !== undefined && new Set(faces).size === diceSides) {
    findings.push({
      parameter,
      violation: { kind: "rule", issue: `Rerolling every face of a d${diceSides} is meaningless` },
    });
    return;
  }
  params.reroll = faces;
}

function withoutUndefined(params: RollDiceParams): RollDiceParams {
  const entries = Object.entries(params).filter(([, value]) => value !== undefined);
  return Object.fromEntries(entries) as unknown as RollDiceParams;
}

import type { ParameterProblem, Validation } from "../errors.js";
import type { RollDiceParams, ValidRollDiceParams } from "../roll-dice-params.js";
import { checkRollDiceValues } from "../rules/roll-dice-rules.js";
import { describeViolation, type Finding, type Violation } from "../rules/violation.js";
import { parseNotation } from "./parse-notation.js";
import type { ParsedNotation } from "./parsed-notation.js";

/** What a notation string means: the validated roll and the explicit arguments it mapped to. */
export interface InterpretedNotation {
  readonly params: ValidRollDiceParams;
  /** The `roll_dice` arguments the notation mapped to, explicit, without defaults. */
  readonly interpretedAs: RollDiceParams;
}

const SPOKEN_NAMES: Record<string, string> = {
  dice_count: "dice count",
  dice_sides: "sides",
  modifier: "modifier",
  keep_highest: "keep highest",
  keep_lowest: "keep lowest",
  drop_highest: "drop highest",
  drop_lowest: "drop lowest",
  reroll: "reroll",
  target_number: "target number",
  min_value: "minimum",
};

/**
 * Interprets standard notation as `roll_dice` arguments (docs/dice.md §6) and checks them,
 * re-reporting every problem against `notation` at the position of the token that supplied it
 * (`4d6kh5` → position 4, `keep highest 5 exceeds the number of dice (4)`).
 *
 * @param notation - the string as received
 */
export function interpretNotation(notation: string): Validation<InterpretedNotation> {
  const parsing = parseNotation(notation);
  if (!parsing.ok) {
    return {
      ok: false,
      problems: [
        { parameter: "notation", issue: parsing.error.issue, position: parsing.error.position },
      ],
    };
  }
  const { params: interpretedAs, positions } = mapToArguments(parsing.parsed);
  const findings = checkRollDiceValues(interpretedAs);
  if (findings.length > 0) {
    return { ok: false, problems: findings.map((finding) => locate(finding, positions)) };
  }
  return {
    ok: true,
    value: { params: { ...interpretedAs } as ValidRollDiceParams, interpretedAs },
  };
}

function mapToArguments(parsed: ParsedNotation): {
  params: RollDiceParams;
  positions: Map<string, number>;
} {
  const positions = new Map<string, number>();
  const params: RollDiceParams = {
    dice_count: parsed.count?.value ?? 1,
    dice_sides: parsed.sides.value,
  };
  positions.set("dice_count", parsed.count?.position ?? 1);
  positions.set("dice_sides", parsed.sides.position);
  const first = parsed.adjustments[0];
  if (first !== undefined) {
    params.modifier = parsed.adjustments.reduce((sum, adjustment) => sum + adjustment.value, 0);
    positions.set("modifier", first.position);
  }
  if (parsed.selection !== undefined) {
    params[parsed.selection.value.kind] = parsed.selection.value.count;
    positions.set(parsed.selection.value.kind, parsed.selection.position);
  }
  const firstReroll = parsed.rerolls[0];
  if (firstReroll !== undefined) {
    const facePositions = new Map<number, number>();
    for (const token of parsed.rerolls) {
      for (const face of token.faces)
        if (!facePositions.has(face)) facePositions.set(face, token.position);
    }
    params.reroll = [...facePositions.keys()].sort((a, b) => a - b);
    positions.set("reroll", firstReroll.position);
    params.reroll.forEach((face, index) => {
      positions.set(`reroll[${index}]`, facePositions.get(face) ?? firstReroll.position);
    });
  }
  if (parsed.exploding !== undefined) {
    params.exploding = true;
    positions.set("exploding", parsed.exploding.position);
  }
  if (parsed.target !== undefined) {
    params.target_number = parsed.target.value;
    positions.set("target_number", parsed.target.position);
  }
  if (parsed.minimum !== undefined) {
    params.min_value = parsed.minimum.value;
    positions.set("min_value", parsed.minimum.position);
  }
  return { params, positions };
}

function locate(finding: Finding, positions: ReadonlyMap<string, number>): ParameterProblem {
  const problem: ParameterProblem = {
    parameter: "notation",
    issue: speak(finding.parameter, finding.violation),
    position: positions.get(finding.parameter) ?? 1,
  };
  if (finding.validRange !== undefined) problem.valid_range = finding.validRange;
  return problem;
}

function speak(parameter: string, violation: Violation): string {
  const name = SPOKEN_NAMES[parameter.replace(/\[\d+\]$/, "")] ?? parameter;
  switch (violation.kind) {
    case "above":
      if (violation.relativeToDiceCount === true) {
        return name.startsWith("keep")
          ? `${name} ${violation.value} exceeds the number of dice (${violation.max})`
          : `${name} ${violation.value} must leave at least one of the ${violation.max + 1} dice`;
      }
      return `${name} ${violation.value} exceeds maximum allowed (${violation.max})`;
    case "below":
      return `${name} ${violation.value} is below minimum allowed (${violation.min})`;
    case "too-many":
      return `${name} names ${violation.count} faces; at most ${violation.max} are allowed`;
    default:
      return describeViolation(violation);
  }
}

import { LIMITS, type RollDiceParams, SELECTION_PARAMETER_NAMES } from "../roll-dice-params.js";
import { checkInteger, type Finding } from "./violation.js";

const SELECTION_CONFLICT_TAIL = `use only one of ${SELECTION_PARAMETER_NAMES.join(", ")}`;

/** The dice count and sides once they are known to be in range; `undefined` otherwise. */
interface KnownDice {
  readonly count: number | undefined;
  readonly sides: number | undefined;
}

/**
 * Checks the values of `roll_dice` arguments (docs/dice.md §2): every range, fixed or computed
 * from another argument, and the cross-parameter rules, in parameter-table order. An absent
 * argument is not checked, and a rule that needs an argument that is absent or out of range is
 * skipped, so that one answer reports every problem and none that a fix elsewhere would undo. Types are the caller's: the
 * tools' schemas check them, and notation only produces integers. `label` has no rule here.
 *
 * @param params - the arguments, any of them absent
 * @returns what is wrong, in parameter-table order; empty when the roll can be made
 */
export function checkRollDiceValues(params: Partial<RollDiceParams>): Finding[] {
  const findings: Finding[] = [];
  const dice = {
    count: inRange(params.dice_count, "dice_count", LIMITS.maxDiceCount, findings),
    sides: inRange(params.dice_sides, "dice_sides", LIMITS.maxDiceSides, findings),
  };
  if (params.modifier !== undefined) {
    const bounds = { min: -LIMITS.maxModifier, max: LIMITS.maxModifier };
    checkInteger(params.modifier, "modifier", bounds, findings);
  }
  checkSelections(params, dice.count, findings);
  checkReroll(params.reroll, dice.sides, findings);
  checkFaceOptions(params, dice, findings);
  return findings;
}

function inRange(
  value: number | undefined,
  parameter: string,
  max: number,
  findings: Finding[],
): number | undefined {
  if (value === undefined) return undefined;
  return checkInteger(value, parameter, { min: 1, max }, findings) ? value : undefined;
}

/** Keep/drop counts against the dice, then at most one of them (docs/dice.md §2.2 rules 1-2). */
function checkSelections(
  params: Partial<RollDiceParams>,
  diceCount: number | undefined,
  findings: Finding[],
): void {
  let first: string | undefined;
  for (const name of SELECTION_PARAMETER_NAMES) {
    const count = params[name];
    if (count === undefined) continue;
    if (!selectionFits(name, count, diceCount, findings)) continue;
    if (first === undefined) first = name;
    else {
      const issue = `Cannot be combined with ${first}; ${SELECTION_CONFLICT_TAIL}`;
      findings.push({ parameter: name, violation: { kind: "rule", issue } });
    }
  }
}

function selectionFits(
  name: (typeof SELECTION_PARAMETER_NAMES)[number],
  count: number,
  diceCount: number | undefined,
  findings: Finding[],
): boolean {
  if (diceCount === undefined) return true;
  if (name.startsWith("keep")) {
    return checkInteger(
      count,
      name,
      { min: 1, max: diceCount, relativeToDiceCount: true },
      findings,
    );
  }
  if (diceCount === 1) {
    const issue = "Nothing can be dropped from a single die";
    findings.push({ parameter: name, violation: { kind: "rule", issue } });
    return false;
  }
  const bounds = { min: 1, max: diceCount - 1, relativeToDiceCount: true };
  return checkInteger(count, name, bounds, findings);
}

/** Reroll faces on the die, not every face (docs/dice.md §2.2 rule 3). */
function checkReroll(
  reroll: readonly number[] | undefined,
  sides: number | undefined,
  findings: Finding[],
): void {
  if (reroll === undefined) return;
  if (reroll.length > LIMITS.maxRerollEntries) {
    findings.push({
      parameter: "reroll",
      validRange: `0-${LIMITS.maxRerollEntries} items`,
      violation: { kind: "too-many", count: reroll.length, max: LIMITS.maxRerollEntries },
    });
    return;
  }
  if (sides === undefined) return;
  const before = findings.length;
  reroll.forEach((face, index) => {
    checkInteger(face, `reroll[${index}]`, { min: 1, max: sides }, findings);
  });
  if (findings.length === before && new Set(reroll).size === sides) {
    const issue = `Rerolling every face of a d${sides} is meaningless`;
    findings.push({ parameter: "reroll", violation: { kind: "rule", issue } });
  }
}

/** Exploding, target number and minimum against the die (docs/dice.md §2.2 rules 4-6). */
function checkFaceOptions(
  params: Partial<RollDiceParams>,
  dice: KnownDice,
  findings: Finding[],
): void {
  const { sides } = dice;
  if (params.exploding === true && sides === 1) {
    const issue = "A d1 always shows its maximum and would explode forever";
    findings.push({ parameter: "exploding", violation: { kind: "rule", issue } });
  }
  if (params.target_number !== undefined && sides !== undefined) {
    const max = params.exploding === true ? (LIMITS.explosionCap + 1) * sides : sides;
    checkInteger(params.target_number, "target_number", { min: 1, max }, findings);
  }
  if (params.min_value !== undefined && sides !== undefined) {
    checkInteger(params.min_value, "min_value", { min: 1, max: sides }, findings);
  }
}

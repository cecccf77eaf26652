import { type RollDiceParams, selectionOf } from "./roll-dice-params.js";

const SELECTION_NOTATION = {
  keep_highest: "kh",
  keep_lowest: "kl",
  drop_highest: "dh",
  drop_lowest: "dl",
} as const;

const SELECTION_WORDS = {
  keep_highest: "keeping highest",
  keep_lowest: "keeping lowest",
  drop_highest: "dropping highest",
  drop_lowest: "dropping lowest",
} as const;

/** The reroll faces as a set: ascending, without duplicates. */
function rerollFaces(params: Readonly<RollDiceParams>): number[] {
  return [...new Set(params.reroll ?? [])].sort((a, b) => a - b);
}

/**
 * Canonical notation for a roll (docs/dice.md §4.2): count, sides, reroll, `!`, `min`, keep/drop,
 * target, modifier, in that order, lower case, no spaces. `roll` reads it back unchanged.
 */
export function renderOperation(params: Readonly<RollDiceParams>): string {
  let text = `${params.dice_count}d${params.dice_sides}`;
  const faces = rerollFaces(params);
  if (faces.length === 1) text += `r${faces[0]}`;
  else if (faces.length > 1) text += `r{${faces.join(",")}}`;
  if (params.exploding === true) text += "!";
  if (params.min_value !== undefined) text += `min${params.min_value}`;
  const selection = selectionOf(params);
  if (selection !== undefined) text += `${SELECTION_NOTATION[selection.kind]}${selection.count}`;
  if (params.target_number !== undefined) text += `>=${params.target_number}`;
  const modifier = params.modifier ?? 0;
  if (modifier > 0) text += `+${modifier}`;
  else if (modifier < 0) text += `-${-modifier}`;
  return text;
}

/**
 * The human description of what was asked (docs/dice.md §4.3), e.g.
 * `Rolled 4d6, keeping highest 3`. It states the request, not the outcome.
 */
export function renderDescription(params: Readonly<RollDiceParams>): string {
  const clauses = [`Rolled ${params.dice_count}d${params.dice_sides}`];
  const faces = rerollFaces(params);
  if (faces.length > 0) clauses.push(`rerolling ${listFaces(faces)} once`);
  if (params.exploding === true) clauses.push(`exploding on ${params.dice_sides}`);
  if (params.min_value !== undefined) clauses.push(`minimum ${params.min_value} per die`);
  const selection = selectionOf(params);
  if (selection !== undefined)
    clauses.push(`${SELECTION_WORDS[selection.kind]} ${selection.count}`);
  if (params.target_number !== undefined) {
    clauses.push(`counting successes of ${params.target_number} or higher`);
  }
  const modifier = params.modifier ?? 0;
  if (modifier > 0) clauses.push(`adding ${modifier}`);
  else if (modifier < 0) clauses.push(`subtracting ${-modifier}`);
  return clauses.join(", ");
}

function listFaces(faces: readonly number[]): string {
  const plural = faces.map((face) => `${face}s`);
  if (plural.length === 1) return plural[0] as string;
  return `${plural.slice(0, -1).join(", ")} and ${plural[plural.length - 1]}`;
}

import { type JsonObject, numberOr, objectsOf, stringOr } from "@tabletop-mcp/views/app";
import { explainStepText } from "./explain-steps.js";

/** A die of the roll: which one, its size and its face. */
export interface DualityDie {
  readonly name: "Hope" | "Fear" | "Advantage" | "Disadvantage";
  readonly sides: number;
  readonly value: number;
}

/** An action roll's result, as the Duality tools report it. */
export interface ActionRoll {
  readonly dice: readonly DualityDie[];
  readonly modifier: number;
  readonly total: number;
  readonly difficulty: number | undefined;
  readonly outcome: string;
  /** The steps of `duality_explain`, each in words; none for the other tools. */
  readonly steps: readonly string[];
}

function readDice(content: JsonObject): DualityDie[] {
  const dice: DualityDie[] = [
    { name: "Hope", sides: 12, value: numberOr(content.hope, 0) },
    { name: "Fear", sides: 12, value: numberOr(content.fear, 0) },
  ];
  if (typeof content.advantage_die === "number") {
    dice.push({ name: "Advantage", sides: 6, value: content.advantage_die });
  }
  if (typeof content.disadvantage_die === "number") {
    dice.push({ name: "Disadvantage", sides: 6, value: content.disadvantage_die });
  }
  return dice;
}

/**
 * The result of `duality_action_roll`, `duality_outcome` or `duality_explain`.
 *
 * @param content - the result's structured content
 * @returns the roll
 */
export function readActionRoll(content: JsonObject): ActionRoll {
  return {
    dice: readDice(content),
    modifier: numberOr(content.modifier, 0),
    total: numberOr(content.total, 0),
    difficulty: typeof content.difficulty === "number" ? content.difficulty : undefined,
    outcome: stringOr(content.outcome, ""),
    steps: objectsOf(content.steps).map(explainStepText),
  };
}

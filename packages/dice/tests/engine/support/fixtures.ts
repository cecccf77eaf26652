import { expect } from "vitest";
import type { RollDiceParams, ValidRollDiceParams } from "../../../src/engine/roll-dice-params.js";
import { validateRollDice } from "../../../src/engine/rules/validate-roll-dice.js";

/** The words that make a scripted source show these faces (face − 1, docs/dice.md §4.4). */
export function wordsForFaces(...faces: number[]): number[] {
  return faces.map((face) => face - 1);
}

/** Validates arguments a test knows to be valid, failing the test loudly if they are not. */
export function valid(params: RollDiceParams): ValidRollDiceParams {
  const validation = validateRollDice(params);
  if (!validation.ok) expect.fail(JSON.stringify(validation.problems));
  return validation.value;
}

import type { DieRoller } from "../../src/engine/die-roller.js";

/** A die roller that plays back fixed faces and records which dice were asked for. */
export interface ScriptedDice {
  readonly rollDie: DieRoller;
  /** The number of sides of each die drawn so far, in draw order. */
  readonly requestedSides: number[];
}

/**
 * Creates a die roller returning `faces` in order; it throws if asked for more dice.
 *
 * @param faces - the faces to play back
 */
export function scriptDice(faces: readonly number[]): ScriptedDice {
  const requestedSides: number[] = [];
  const rollDie: DieRoller = (sides) => {
    const face = faces[requestedSides.length];
    requestedSides.push(sides);
    if (face === undefined) throw new Error("the script ran out of dice");
    return face;
  };
  return { rollDie, requestedSides };
}

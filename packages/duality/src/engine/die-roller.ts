import { DualityError } from "./duality-error.js";

/**
 * A source of die faces: given a number of sides, returns an integer in 1..sides. Injected into
 * every rolling function so tests can script dice and replays can be seeded.
 */
export type DieRoller = (sides: number) => number;

/**
 * Rolls one die through `rollDie` and refuses anything that is not a face of that die, so a
 * faulty injected roller cannot produce an impossible roll.
 *
 * @param rollDie - the injected roller
 * @param sides - the number of sides
 * @returns the face rolled
 * @throws DualityError `INVALID_DIE_ROLL` when the roller misbehaves
 */
export function rollCheckedDie(rollDie: DieRoller, sides: number): number {
  const face = rollDie(sides);
  if (!Number.isInteger(face) || face < 1 || face > sides) {
    throw new DualityError("INVALID_DIE_ROLL", `A d${sides} cannot show ${face}`);
  }
  return face;
}

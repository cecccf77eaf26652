import {
  createCryptoSource,
  createSeededSource,
  type RandomSource,
  replaySeedProblem,
  rollFace,
} from "@tabletop-mcp/kit/random";
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

/**
 * A die roller drawing fair faces from a source of words (the kit's rejection sampling, so every
 * face is exactly equally likely).
 *
 * @param source - the words, e.g. the kit's crypto, seeded or scripted source
 * @returns a die roller
 */
export function createDieRoller(source: RandomSource): DieRoller {
  return (sides) => rollFace(source, sides);
}

/**
 * The die roller of a table: unpredictable dice by default, or a replay of the seed's dice.
 *
 * @param seed - a replay seed of 1 to 256 characters; when omitted the dice come from the
 *   platform CSPRNG
 * @returns a die roller
 * @throws DualityError `INVALID_SEED` for an empty or too long seed
 */
export function createRandomDieRoller(seed?: string): DieRoller {
  if (seed === undefined) return createDieRoller(createCryptoSource());
  const problem = replaySeedProblem(seed);
  if (problem !== undefined) throw new DualityError("INVALID_SEED", problem);
  return createDieRoller(createSeededSource(seed));
}

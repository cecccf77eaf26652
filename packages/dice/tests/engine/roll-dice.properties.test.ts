import { createSeededSource } from "@tabletop-mcp/kit/random";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type RollResult, rollDice } from "../../src/engine/roll-dice.js";
import type { RollDiceParams } from "../../src/engine/roll-dice-params.js";
import { rollDiceParamsArbitrary } from "./support/arbitraries.js";
import { valid } from "./support/fixtures.js";

const seedArbitrary = fc.string({ minLength: 1, maxLength: 20 });

function rollSeeded(params: RollDiceParams, seed: string): RollResult {
  return rollDice(valid(params), createSeededSource(seed));
}

function expectedKeptCount(params: RollDiceParams): number {
  const n = params.dice_count;
  return (
    params.keep_highest ??
    params.keep_lowest ??
    (params.drop_highest !== undefined
      ? n - params.drop_highest
      : params.drop_lowest !== undefined
        ? n - params.drop_lowest
        : n)
  );
}

describe("rollDice properties", () => {
  it("totals the kept values (or kept successes) plus the modifier", () => {
    fc.assert(
      fc.property(rollDiceParamsArbitrary(), seedArbitrary, (params, seed) => {
        const result = rollSeeded(params, seed);
        const kept = result.dice.filter((die) => die.kept);
        const modifier = params.modifier ?? 0;
        if (params.target_number === undefined) {
          expect(result.total).toBe(kept.reduce((sum, die) => sum + die.value, 0) + modifier);
        } else {
          const successes = kept.filter(
            (die) => die.value >= (params.target_number as number),
          ).length;
          expect(result.successes).toBe(successes);
          expect(result.total).toBe(successes + modifier);
          expect(result.total_dice).toBe(params.dice_count);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("keeps exactly as many dice as requested", () => {
    fc.assert(
      fc.property(rollDiceParamsArbitrary(), seedArbitrary, (params, seed) => {
        const result = rollSeeded(params, seed);
        expect(result.dice.filter((die) => die.kept)).toHaveLength(expectedKeptCount(params));
      }),
      { numRuns: 300 },
    );
  });

  it("never shows a face outside 1..sides and recomputes every value from its rolls", () => {
    fc.assert(
      fc.property(rollDiceParamsArbitrary(), seedArbitrary, (params, seed) => {
        const result = rollSeeded(params, seed);
        expect(result.dice.map((die) => die.die)).toEqual(result.dice.map((_, index) => index + 1));
        for (const die of result.dice) {
          expect(die.sides).toBe(params.dice_sides);
          expect(die.rolls.every((face) => face >= 1 && face <= params.dice_sides)).toBe(true);
          const rerolled = die.special?.split(",").includes("rerolled") === true;
          const chain = rerolled ? die.rolls.slice(1) : die.rolls;
          expect(chain.length).toBeLessThanOrEqual(101);
          const raw = chain.reduce((sum, face) => sum + face, 0);
          expect(die.value).toBe(Math.max(raw, params.min_value ?? raw));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("keeps dice whose values are all on the kept side of every dropped die", () => {
    fc.assert(
      fc.property(rollDiceParamsArbitrary(), seedArbitrary, (params, seed) => {
        const result = rollSeeded(params, seed);
        const kept = result.dice.filter((die) => die.kept).map((die) => die.value);
        const dropped = result.dice.filter((die) => !die.kept).map((die) => die.value);
        if (dropped.length === 0) return;
        const keepsHigh = params.keep_highest !== undefined || params.drop_lowest !== undefined;
        if (keepsHigh) expect(Math.min(...kept)).toBeGreaterThanOrEqual(Math.max(...dropped));
        else expect(Math.max(...kept)).toBeLessThanOrEqual(Math.min(...dropped));
      }),
      { numRuns: 300 },
    );
  });

  it("gives the same dice for the same seed", () => {
    fc.assert(
      fc.property(rollDiceParamsArbitrary(), seedArbitrary, (params, seed) => {
        expect(rollSeeded(params, seed)).toEqual(rollSeeded(params, seed));
      }),
      { numRuns: 100 },
    );
  });
});

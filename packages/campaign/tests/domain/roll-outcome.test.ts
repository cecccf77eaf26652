import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CharacterState } from "../../src/domain/records.js";
import { applyRollOutcome, resolveTargets } from "../../src/domain/roll-outcome.js";

const stateArbitrary = fc.record({
  character_id: fc.constantFrom("char_a", "char_b", "char_c"),
  hope: fc.integer({ min: 0, max: 6 }),
  stress: fc.integer({ min: 0, max: 20 }),
  hp: fc.integer({ min: 0, max: 30 }),
  conditions: fc.subarray(["HIDDEN", "RESTRAINED", "VULNERABLE"] as const),
});

describe("applyRollOutcome", () => {
  it("gives each target one Hope, at most 6, on a roll with Hope, leaving Fear alone", () => {
    fc.assert(
      fc.property(
        fc.array(stateArbitrary, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 12 }),
        (targets, fear) => {
          const outcome = applyRollOutcome({ flavor: "HOPE", crit: false }, targets, fear);
          expect(outcome.gm_fear).toBe(fear);
          expect(outcome.requires_complication).toBe(false);
          outcome.states.forEach((state, index) => {
            const before = targets[index] as CharacterState;
            expect(state).toEqual({ ...before, hope: Math.min(6, before.hope + 1) });
          });
        },
      ),
    );
  });

  it("also clears one Stress per target on a crit", () => {
    const outcome = applyRollOutcome(
      { flavor: "HOPE", crit: true },
      [
        { character_id: "char_a", hope: 6, stress: 0, hp: 3, conditions: [] },
        { character_id: "char_b", hope: 1, stress: 2, hp: 3, conditions: [] },
      ],
      4,
    );
    expect(outcome.states).toEqual([
      { character_id: "char_a", hope: 6, stress: 0, hp: 3, conditions: [] },
      { character_id: "char_b", hope: 2, stress: 1, hp: 3, conditions: [] },
    ]);
    expect(outcome.applied_changes).toEqual([
      { character_id: "char_b", field: "hope", before: 1, after: 2 },
      { character_id: "char_b", field: "stress", before: 2, after: 1 },
    ]);
  });

  it("gives the GM one Fear per target, at most 12, and asks for a complication", () => {
    fc.assert(
      fc.property(
        fc.array(stateArbitrary, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 12 }),
        (targets, fear) => {
          const outcome = applyRollOutcome({ flavor: "FEAR", crit: false }, targets, fear);
          expect(outcome.gm_fear).toBe(Math.min(12, fear + targets.length));
          expect(outcome.states).toEqual(targets);
          expect(outcome.requires_complication).toBe(true);
        },
      ),
    );
  });
});

describe("resolveTargets", () => {
  it("means the roller when no targets are given and drops repeats keeping the first", () => {
    expect(resolveTargets(undefined, "char_r")).toEqual(["char_r"]);
    expect(resolveTargets([], "char_r")).toEqual(["char_r"]);
    expect(resolveTargets(["char_b", "char_a", "char_b"], "char_r")).toEqual(["char_b", "char_a"]);
  });
});

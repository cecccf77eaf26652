import { describe, expect, it } from "vitest";
import { callOk, connectInMemory } from "../harness.js";

function scripted(faces: number[]) {
  const sides: number[] = [];
  const rollDie = (dieSides: number) => {
    sides.push(dieSides);
    const face = faces.shift();
    if (face === undefined) throw new Error("out of dice");
    return face;
  };
  return { rollDie, sides };
}

describe("duality_reaction_roll", () => {
  it("rolls Hope and Fear and classifies without Hope or Fear flavour", async () => {
    const dice = scripted([6, 9]);
    const connection = await connectInMemory({ rollDie: dice.rollDie });
    const result = await callOk(connection.client, "duality_reaction_roll", {
      difficulty: 12,
      modifier: 1,
    });
    await connection.close();
    // docs/duality.md §5.2's first example: 6 + 9 + 1 = 16 against 12.
    expect(result).toEqual({
      hope: 6,
      fear: 9,
      modifier: 1,
      difficulty: 12,
      total: 16,
      is_crit: false,
      success: true,
      outcome: "SUCCESS",
    });
    expect(dice.sides).toEqual([12, 12]);
  });

  it("subtracts a disadvantage d6 drawn after the d12s", async () => {
    const dice = scripted([2, 3, 4]);
    const connection = await connectInMemory({ rollDie: dice.rollDie });
    const result = await callOk(connection.client, "duality_reaction_roll", {
      difficulty: 5,
      advantage: 1,
      disadvantage: 2,
    });
    await connection.close();
    expect(result).toEqual({
      hope: 2,
      fear: 3,
      modifier: 0,
      difficulty: 5,
      disadvantage_die: 4,
      total: 1,
      is_crit: false,
      success: false,
      outcome: "FAILURE",
    });
    expect(dice.sides).toEqual([12, 12, 6]);
  });

  it("keeps its dice in range and its outcome consistent with duality_reaction_outcome", async () => {
    const connection = await connectInMemory();
    for (let roll = 0; roll < 50; roll++) {
      const rolled = await callOk(connection.client, "duality_reaction_roll", {
        difficulty: 13,
        advantage: 1,
      });
      expect(rolled.hope).toBeGreaterThanOrEqual(1);
      expect(rolled.hope).toBeLessThanOrEqual(12);
      const known = await callOk(connection.client, "duality_reaction_outcome", {
        hope: rolled.hope,
        fear: rolled.fear,
        difficulty: 13,
        advantage_die: rolled.advantage_die,
      });
      expect(known).toEqual(rolled);
    }
    await connection.close();
  });
});

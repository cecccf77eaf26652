import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DieRoller } from "../../src/index.js";
import { type Connection, callOk, connectInMemory } from "../harness.js";

/** A die roller playing back `faces` and recording the sides asked for. */
function scripted(faces: number[]): { rollDie: DieRoller; sides: number[] } {
  const sides: number[] = [];
  return {
    sides,
    rollDie: (dieSides) => {
      sides.push(dieSides);
      const face = faces.shift();
      if (face === undefined) throw new Error("out of dice");
      return face;
    },
  };
}

describe("duality_action_roll", () => {
  it("returns the example of docs/duality.md §3.2 when the dice show 8 and 5", async () => {
    const dice = scripted([8, 5]);
    const connection = await connectInMemory({ rollDie: dice.rollDie });
    const result = await callOk(connection.client, "duality_action_roll", {
      modifier: 2,
      difficulty: 15,
    });
    await connection.close();
    expect(result).toEqual({
      hope: 8,
      fear: 5,
      modifier: 2,
      difficulty: 15,
      total: 15,
      is_crit: false,
      meets_difficulty: true,
      outcome: "SUCCESS_WITH_HOPE",
    });
    expect(dice.sides).toEqual([12, 12]);
  });

  it("rolls one d6 after the d12s for net advantage and adds it", async () => {
    const dice = scripted([5, 7, 3]);
    const connection = await connectInMemory({ rollDie: dice.rollDie });
    const result = await callOk(connection.client, "duality_action_roll", {
      modifier: 1,
      difficulty: 15,
      advantage: 2,
      disadvantage: 1,
    });
    await connection.close();
    // docs/duality.md §5.1: 5 + 7 + 1 + 3 = 16 against 15, Fear higher.
    expect(result).toEqual({
      hope: 5,
      fear: 7,
      modifier: 1,
      difficulty: 15,
      advantage_die: 3,
      total: 16,
      is_crit: false,
      meets_difficulty: true,
      outcome: "SUCCESS_WITH_FEAR",
    });
    expect(dice.sides).toEqual([12, 12, 6]);
  });

  it("rolls one d6 for net disadvantage and subtracts it", async () => {
    const dice = scripted([5, 7, 3]);
    const connection = await connectInMemory({ rollDie: dice.rollDie });
    const result = await callOk(connection.client, "duality_action_roll", {
      modifier: 1,
      difficulty: 15,
      disadvantage: 3,
    });
    await connection.close();
    expect(result.disadvantage_die).toBe(3);
    expect(result.total).toBe(10);
    expect(result.outcome).toBe("FAILURE_WITH_FEAR");
  });

  it("rolls no d6 when advantage and disadvantage cancel, and omits the difficulty when none is given", async () => {
    const dice = scripted([9, 9]);
    const connection = await connectInMemory({ rollDie: dice.rollDie });
    const result = await callOk(connection.client, "duality_action_roll", {
      advantage: 2,
      disadvantage: 2,
    });
    await connection.close();
    expect(result).toEqual({
      hope: 9,
      fear: 9,
      modifier: 0,
      total: 18,
      is_crit: true,
      meets_difficulty: false,
      outcome: "CRITICAL_SUCCESS",
    });
    expect(dice.sides).toEqual([12, 12]);
  });

  describe("with unpredictable dice", () => {
    let connection: Connection;
    beforeAll(async () => {
      connection = await connectInMemory();
    });
    afterAll(() => connection.close());

    it("shows every face 1-12 on both dice over many rolls, and nothing else", async () => {
      const hopeFaces = new Set<unknown>();
      const fearFaces = new Set<unknown>();
      for (let roll = 0; roll < 400; roll++) {
        const result = await callOk(connection.client, "duality_action_roll", {});
        hopeFaces.add(result.hope);
        fearFaces.add(result.fear);
      }
      const faces = Array.from({ length: 12 }, (_, index) => index + 1);
      expect([...hopeFaces].sort((a, b) => Number(a) - Number(b))).toEqual(faces);
      expect([...fearFaces].sort((a, b) => Number(a) - Number(b))).toEqual(faces);
    });

    it("is reproduced field for field by duality_outcome on the rolled dice", async () => {
      for (const args of [
        { modifier: 3, difficulty: 14, advantage: 1 },
        { modifier: -2, difficulty: 9, disadvantage: 2 },
        { modifier: 0 },
      ]) {
        for (let roll = 0; roll < 20; roll++) {
          const rolled = await callOk(connection.client, "duality_action_roll", args);
          const known = {
            hope: rolled.hope,
            fear: rolled.fear,
            modifier: args.modifier,
            ...("difficulty" in args ? { difficulty: args.difficulty } : {}),
            ...(rolled.advantage_die === undefined ? {} : { advantage_die: rolled.advantage_die }),
            ...(rolled.disadvantage_die === undefined
              ? {}
              : { disadvantage_die: rolled.disadvantage_die }),
          };
          expect(await callOk(connection.client, "duality_outcome", known)).toEqual(rolled);
        }
      }
    });
  });
});

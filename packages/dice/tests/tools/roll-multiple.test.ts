import { describe, expect, it } from "vitest";
import { createScriptedSource } from "../../src/index.js";
import { callOk, connectInMemory, wordsForFaces } from "../harness.js";

interface BatchResult {
  total: number;
  set: number;
  index: number;
  label?: string;
  operation: string;
  dice: { rolls: number[]; kept: boolean }[];
}

/** Sum of the three highest of four faces, computed independently of the engine. */
function bestThreeOfFour(faces: number[]): number {
  return [...faces]
    .sort((a, b) => b - a)
    .slice(0, 3)
    .reduce((sum, face) => sum + face, 0);
}

describe("roll_multiple", () => {
  it("rolls six ability scores as sets 1 to 6 of configuration 0", async () => {
    const faces = [3, 5, 1, 6, 2, 2, 4, 6, 6, 6, 6, 1, 1, 1, 2, 1, 5, 4, 3, 2, 6, 5, 4, 3];
    const connection = await connectInMemory({
      random: createScriptedSource(wordsForFaces(...faces)),
    });
    const body = await callOk(connection.client, "roll_multiple", {
      rolls: [{ dice_count: 4, dice_sides: 6, keep_highest: 3 }],
      count: 6,
    });
    await connection.close();
    const results = body.results as BatchResult[];
    const expectedTotals = [0, 1, 2, 3, 4, 5].map((set) =>
      bestThreeOfFour(faces.slice(set * 4, set * 4 + 4)),
    );
    expect(results.map((result) => result.total)).toEqual(expectedTotals);
    expect(results.map((result) => [result.set, result.index])).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 0],
      [5, 0],
      [6, 0],
    ]);
    expect(results.every((result) => result.operation === "4d6kh3")).toBe(true);
  });

  it("flattens set by set, each configuration in order, with its label", async () => {
    const connection = await connectInMemory({
      random: createScriptedSource(wordsForFaces(12, 4, 20, 8)),
    });
    const body = await callOk(connection.client, "roll_multiple", {
      rolls: [
        { dice_count: 1, dice_sides: 20, modifier: 5, label: "attack" },
        { dice_count: 1, dice_sides: 8, modifier: 3, label: "damage" },
      ],
      count: 2,
    });
    await connection.close();
    const results = body.results as BatchResult[];
    expect(results.map(({ total, set, index, label }) => ({ total, set, index, label }))).toEqual([
      { total: 17, set: 1, index: 0, label: "attack" },
      { total: 7, set: 1, index: 1, label: "damage" },
      { total: 25, set: 2, index: 0, label: "attack" },
      { total: 11, set: 2, index: 1, label: "damage" },
    ]);
    const [first] = results;
    expect(Object.keys(first ?? {}).slice(-3)).toEqual(["label", "set", "index"]);
  });

  it("draws the seeded five d20s 6, 19, 6, 10, 16 as five sets (docs/dice.md §7)", async () => {
    const connection = await connectInMemory({ seed: "tabletop" });
    const body = await callOk(connection.client, "roll_multiple", {
      rolls: [{ dice_count: 1, dice_sides: 20 }],
      count: 5,
    });
    await connection.close();
    expect((body.results as BatchResult[]).map((result) => result.total)).toEqual([
      6, 19, 6, 10, 16,
    ]);
    expect(body.metadata).toMatchObject({ rng: "seeded" });
  });

  it("accepts exactly 10,000 dice in one call", async () => {
    const connection = await connectInMemory();
    const body = await callOk(connection.client, "roll_multiple", {
      rolls: [{ dice_count: 100, dice_sides: 6 }],
      count: 100,
    });
    await connection.close();
    const results = body.results as BatchResult[];
    expect(results).toHaveLength(100);
    expect(results.reduce((sum, result) => sum + result.dice.length, 0)).toBe(10_000);
  });
});

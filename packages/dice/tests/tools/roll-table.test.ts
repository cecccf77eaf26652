import { describe, expect, it } from "vitest";
import { createScriptedSource, parseRandomTable, type RandomTable } from "../../src/index.js";
import { callOk, connectInMemory, wordsForFaces } from "../harness.js";

const ENCOUNTERS = {
  die: "d6",
  entries: [
    { text: "Goblins", range: "1-3" },
    { text: "Wolves", range: "4-5" },
    { text: "A dragon", range: "6" },
  ],
};

function tableNamed(name: string, input: unknown): ReadonlyMap<string, RandomTable> {
  const parsed = parseRandomTable(input, "table", name);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return new Map([[name, parsed.value]]);
}

describe("roll_table", () => {
  it("draws from an inline table with die ranges, naming the die, roll and entry", async () => {
    const connection = await connectInMemory({ random: createScriptedSource(wordsForFaces(6, 2)) });
    const body = await callOk(connection.client, "roll_table", { table: ENCOUNTERS, count: 2 });
    await connection.close();
    expect(body.result).toEqual({
      die: "d6",
      draws: [
        { draw: 1, die: "d6", roll: 6, entry: "A dragon", entry_index: 2, range: "6" },
        { draw: 2, die: "d6", roll: 2, entry: "Goblins", entry_index: 0, range: "1-3" },
      ],
    });
  });

  it("draws a loaded table by name", async () => {
    const connection = await connectInMemory({
      random: createScriptedSource(wordsForFaces(4)),
      tables: tableNamed("encounters", ENCOUNTERS),
    });
    const { tools } = await connection.client.listTools();
    const body = await callOk(connection.client, "roll_table", {
      name: "encounters",
      label: "forest",
    });
    await connection.close();
    expect(body.result).toMatchObject({
      table: "encounters",
      die: "d6",
      draws: [{ roll: 4, entry: "Wolves", entry_index: 1, range: "4-5" }],
      label: "forest",
    });
    expect(tools.find((tool) => tool.name === "roll_table")?.description).toContain("encounters");
  });

  it("draws without repeats on a shrinking die, the last entry without rolling", async () => {
    const connection = await connectInMemory({ random: createScriptedSource(wordsForFaces(2, 1)) });
    const body = await callOk(connection.client, "roll_table", {
      table: { entries: ["a", "b", "c"] },
      count: 3,
      unique: true,
    });
    await connection.close();
    expect(body.result).toMatchObject({
      die: "d3",
      draws: [
        { die: "d3", roll: 2, entry: "b", range: "2" },
        { die: "d2", roll: 1, entry: "a", range: "1" },
        { die: "d1", roll: 1, entry: "c", range: "3" },
      ],
    });
  });

  it("weights entries: weight 2 covers two faces", async () => {
    const connection = await connectInMemory({ random: createScriptedSource(wordsForFaces(3)) });
    const body = await callOk(connection.client, "roll_table", {
      table: { entries: ["rain", { text: "sun", weight: 2 }] },
    });
    await connection.close();
    expect(body.result).toMatchObject({
      die: "d3",
      draws: [{ roll: 3, entry: "sun", entry_index: 1, range: "2-3" }],
    });
  });
});

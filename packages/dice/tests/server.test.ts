import { describe, expect, it } from "vitest";
import { createServer, DiceError } from "../src/index.js";
import { callOk, connectInMemory } from "./harness.js";

describe("createServer", () => {
  it("lists the five tools with docs/dice.md's annotations", async () => {
    const connection = await connectInMemory();
    const { tools } = await connection.client.listTools();
    await connection.close();
    const hints = Object.fromEntries(
      tools.map((tool) => [
        tool.name,
        [
          tool.annotations?.readOnlyHint,
          tool.annotations?.idempotentHint,
          tool.annotations?.destructiveHint,
          tool.annotations?.openWorldHint,
        ],
      ]),
    );
    expect(hints).toEqual({
      roll_dice: [true, false, false, false],
      roll_multiple: [true, false, false, false],
      roll: [true, false, false, false],
      dice_probability: [true, true, false, false],
      roll_table: [true, false, false, false],
    });
  });

  it("advertises strict input schemas with the fixed ranges", async () => {
    const connection = await connectInMemory();
    const { tools } = await connection.client.listTools();
    await connection.close();
    const rollDice = tools.find((tool) => tool.name === "roll_dice");
    expect(rollDice?.inputSchema).toMatchObject({
      additionalProperties: false,
      required: ["dice_count", "dice_sides"],
      properties: {
        dice_count: { type: "integer", minimum: 1, maximum: 1000 },
        dice_sides: { type: "integer", minimum: 1, maximum: 100 },
        modifier: { type: "integer", minimum: -10000, maximum: 10000 },
      },
    });
    expect(tools.every((tool) => tool.outputSchema !== undefined)).toBe(true);
  });

  it("tells the model the common translations at the table", async () => {
    const connection = await connectInMemory();
    const { tools } = await connection.client.listTools();
    await connection.close();
    const description = tools.find((tool) => tool.name === "roll_dice")?.description ?? "";
    expect(description).toContain('initiative (D&D) = {"dice_count":1,"dice_sides":20,"modifier"');
    expect(description).toContain('{"dice_count":2,"dice_sides":20,"keep_highest":1}');
    expect(description).toContain(
      '{"rolls":[{"dice_count":4,"dice_sides":6,"keep_highest":3}],"count":6}',
    );
    expect(description).toContain(
      'Call of Cthulhu skill check = {"dice_count":1,"dice_sides":100}',
    );
  });

  it("replays the same dice in every fresh server with the same seed", async () => {
    const sequences = [];
    for (let run = 0; run < 2; run++) {
      const connection = await connectInMemory({ seed: "replay" });
      sequences.push([
        await callOk(connection.client, "roll_dice", {
          dice_count: 10,
          dice_sides: 10,
          exploding: true,
        }),
        await callOk(connection.client, "roll", { notation: "4d6kh3" }),
        await callOk(connection.client, "roll_table", { table: { entries: ["a", "b", "c"] } }),
      ]);
      await connection.close();
    }
    const dice = sequences.map((sequence) =>
      sequence.map((body) => JSON.stringify((body as { result: unknown }).result)),
    );
    expect(dice[1]).toEqual(dice[0]);
  });

  it("refuses a seed longer than 256 characters", () => {
    expect(() => createServer({ seed: "x".repeat(257) })).toThrow(DiceError);
  });
});

import { describe, expect, it } from "vitest";
import { createScriptedSource } from "../../src/index.js";
import { call, callOk, connectInMemory, fixedClock, textOf, wordsForFaces } from "../harness.js";

/** docs/dice.md §4.4's first example, as printed there. */
const EXAMPLE_1 = `{"result":{"total":14,"dice":[
  {"die":1,"sides":6,"rolls":[5],"value":5,"kept":true,"special":null},
  {"die":2,"sides":6,"rolls":[3],"value":3,"kept":true,"special":null},
  {"die":3,"sides":6,"rolls":[6],"value":6,"kept":true,"special":null},
  {"die":4,"sides":6,"rolls":[2],"value":2,"kept":false,"special":null}],
  "operation":"4d6kh3","description":"Rolled 4d6, keeping highest 3"},
 "metadata":{"parameters":{"dice_count":4,"dice_sides":6,"keep_highest":3},
  "timestamp":"2025-04-17T14:32:49.000Z","rng":"crypto"}}`;

/** docs/dice.md §4.4's second example. */
const EXAMPLE_2 = `{"result":{"total":3,"successes":3,"total_dice":5,"dice":[
  {"die":1,"sides":10,"rolls":[10,4],"value":14,"kept":true,"special":"exploded,success"},
  {"die":2,"sides":10,"rolls":[3],"value":3,"kept":true,"special":null},
  {"die":3,"sides":10,"rolls":[8],"value":8,"kept":true,"special":"success"},
  {"die":4,"sides":10,"rolls":[1],"value":1,"kept":false,"special":null},
  {"die":5,"sides":10,"rolls":[9],"value":9,"kept":true,"special":"success"}],
  "operation":"5d10!dl1>=8",
  "description":"Rolled 5d10, exploding on 10, dropping lowest 1, counting successes of 8 or higher"},
 "metadata":{"parameters":{"dice_count":5,"dice_sides":10,"exploding":true,"drop_lowest":1,"target_number":8},
  "timestamp":"2025-04-17T14:33:02.117Z","rng":"crypto"}}`;

/** docs/dice.md §4.4's third example. */
const EXAMPLE_3 = `{"result":{"total":10,"dice":[
  {"die":1,"sides":6,"rolls":[1,1],"value":2,"kept":true,"special":"rerolled,min_applied"},
  {"die":2,"sides":6,"rolls":[2,5],"value":5,"kept":true,"special":"rerolled"},
  {"die":3,"sides":6,"rolls":[4],"value":4,"kept":true,"special":null}],
  "operation":"3d6r{1,2}min2-1",
  "description":"Rolled 3d6, rerolling 1s and 2s once, minimum 2 per die, subtracting 1"},
 "metadata":{"parameters":{"dice_count":3,"dice_sides":6,"reroll":[1,2],"min_value":2,"modifier":-1},
  "timestamp":"2025-04-17T14:33:10.503Z","rng":"crypto"}}`;

interface Example {
  result: Record<string, unknown>;
  metadata: { parameters: Record<string, unknown>; timestamp: string };
}

async function rollExample(example: Example, faces: number[]) {
  const connection = await connectInMemory({
    random: createScriptedSource(wordsForFaces(...faces)),
    now: fixedClock(example.metadata.timestamp),
  });
  const result = await call(connection.client, "roll_dice", example.metadata.parameters);
  await connection.close();
  return result;
}

describe("roll_dice", () => {
  it.each([
    ["the ability score", EXAMPLE_1, [5, 3, 6, 2]],
    ["the exploding success pool", EXAMPLE_2, [10, 4, 3, 8, 1, 9]],
    ["reroll, minimum and a negative modifier", EXAMPLE_3, [1, 1, 2, 5, 4]],
  ])("answers docs/dice.md's example of %s byte for byte", async (_name, text, faces) => {
    const example = JSON.parse(text) as Example;
    const result = await rollExample(example, faces);
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe(JSON.stringify(example));
  });

  it("echoes the parameters exactly as received: key order and nulls kept", async () => {
    const connection = await connectInMemory({ now: fixedClock("2025-04-17T14:32:49.000Z") });
    const sent = { modifier: 2, dice_sides: 6, keep_lowest: null, dice_count: 2 };
    const body = await callOk(connection.client, "roll_dice", sent);
    await connection.close();
    expect(JSON.stringify((body.metadata as { parameters: unknown }).parameters)).toBe(
      JSON.stringify(sent),
    );
  });

  it("counts no success on a dropped die (Example 2 with drop_highest)", async () => {
    const connection = await connectInMemory({
      random: createScriptedSource(wordsForFaces(10, 4, 3, 8, 1, 9)),
    });
    const body = await callOk(connection.client, "roll_dice", {
      dice_count: 5,
      dice_sides: 10,
      exploding: true,
      drop_highest: 1,
      target_number: 8,
    });
    await connection.close();
    const result = body.result as {
      total: number;
      successes: number;
      dice: { kept: boolean; special: string | null }[];
    };
    expect(result.successes).toBe(2);
    expect(result.total).toBe(2);
    expect(result.dice[0]).toMatchObject({ kept: false, special: "exploded" });
  });

  it("rolls 4, 1, 2, 6 for 4d6 under the seed tabletop (docs/dice.md §7)", async () => {
    const connection = await connectInMemory({ seed: "tabletop" });
    const body = await callOk(connection.client, "roll_dice", { dice_count: 4, dice_sides: 6 });
    await connection.close();
    const result = body.result as { total: number; dice: { rolls: number[] }[] };
    expect(result.dice.map((die) => die.rolls)).toEqual([[4], [1], [2], [6]]);
    expect(result.total).toBe(13);
    expect(body.metadata).toMatchObject({ rng: "seeded" });
  });

  it("continues the seeded sequence across calls: five d20s show 6, 19, 6, 10, 16", async () => {
    const connection = await connectInMemory({ seed: "tabletop" });
    const totals = [];
    for (let roll = 0; roll < 5; roll++) {
      const body = await callOk(connection.client, "roll_dice", { dice_count: 1, dice_sides: 20 });
      totals.push((body.result as { total: number }).total);
    }
    await connection.close();
    expect(totals).toEqual([6, 19, 6, 10, 16]);
  });

  it("treats null for an optional parameter as absent and echoes the label", async () => {
    const connection = await connectInMemory({ seed: "tabletop" });
    const body = await callOk(connection.client, "roll_dice", {
      dice_count: 1,
      dice_sides: 20,
      modifier: null,
      keep_highest: null,
      label: "initiative",
    });
    await connection.close();
    expect(body.result).toMatchObject({
      total: 6,
      operation: "1d20",
      description: "Rolled 1d20",
      label: "initiative",
    });
    expect(body.metadata).toMatchObject({
      parameters: { dice_count: 1, dice_sides: 20, label: "initiative" },
    });
  });

  it("reports the crypto generator when no seed is given", async () => {
    const connection = await connectInMemory();
    const body = await callOk(connection.client, "roll_dice", {
      dice_count: 1000,
      dice_sides: 100,
    });
    await connection.close();
    const result = body.result as { total: number; dice: { value: number }[] };
    expect(body.metadata).toMatchObject({ rng: "crypto" });
    expect(result.dice).toHaveLength(1000);
    expect(result.total).toBe(result.dice.reduce((sum, die) => sum + die.value, 0));
  });

  it("answers an unexpected failure with docs/dice.md's internal message, not a stack trace", async () => {
    const connection = await connectInMemory({ random: createScriptedSource([]) });
    const result = await call(connection.client, "roll_dice", { dice_count: 1, dice_sides: 6 });
    const after = await call(connection.client, "roll_dice", { dice_count: 1, dice_sides: 1 });
    await connection.close();
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({
      error: { code: "INTERNAL", message: "Internal error while rolling dice" },
    });
    expect(after.structuredContent).toMatchObject({ result: { total: 1 } });
  });
});

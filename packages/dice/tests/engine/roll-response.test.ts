import { createScriptedSource } from "@tabletop-mcp/kit/random";
import { describe, expect, it } from "vitest";
import type { RollDiceParams } from "../../src/engine/roll-dice-params.js";
import { respondToRollDice } from "../../src/engine/roll-response.js";
import { wordsForFaces } from "./support/fixtures.js";

function compact(json: string): string {
  return JSON.stringify(JSON.parse(json));
}

function respond(
  args: RollDiceParams,
  faces: number[],
  timestamp: string,
  received: unknown = args,
): string {
  const source = createScriptedSource(wordsForFaces(...faces));
  const response = respondToRollDice(args, source, timestamp, received);
  if (!response.ok) expect.fail(JSON.stringify(response.problems));
  expect(source.consumed).toBe(faces.length);
  return JSON.stringify(response.value);
}

describe("roll_dice worked examples of docs/dice.md §4.4, byte for byte", () => {
  it("Example 1: keeps the highest three of 4d6", () => {
    const expected = `{"result":{"total":14,"dice":[
      {"die":1,"sides":6,"rolls":[5],"value":5,"kept":true,"special":null},
      {"die":2,"sides":6,"rolls":[3],"value":3,"kept":true,"special":null},
      {"die":3,"sides":6,"rolls":[6],"value":6,"kept":true,"special":null},
      {"die":4,"sides":6,"rolls":[2],"value":2,"kept":false,"special":null}],
      "operation":"4d6kh3","description":"Rolled 4d6, keeping highest 3"},
     "metadata":{"parameters":{"dice_count":4,"dice_sides":6,"keep_highest":3},
      "timestamp":"2025-04-17T14:32:49.000Z","rng":"crypto"}}`;
    const args = { dice_count: 4, dice_sides: 6, keep_highest: 3 };
    expect(respond(args, [5, 3, 6, 2], "2025-04-17T14:32:49.000Z")).toBe(compact(expected));
  });

  it("Example 2: an exploding success pool drops its lowest die", () => {
    const expected = `{"result":{"total":3,"successes":3,"total_dice":5,"dice":[
      {"die":1,"sides":10,"rolls":[10,4],"value":14,"kept":true,"special":"exploded,success"},
      {"die":2,"sides":10,"rolls":[3],"value":3,"kept":true,"special":null},
      {"die":3,"sides":10,"rolls":[8],"value":8,"kept":true,"special":"success"},
      {"die":4,"sides":10,"rolls":[1],"value":1,"kept":false,"special":null},
      {"die":5,"sides":10,"rolls":[9],"value":9,"kept":true,"special":"success"}],
      "operation":"5d10!dl1>=8",
      "description":"Rolled 5d10, exploding on 10, dropping lowest 1, counting successes of 8 or higher"},
     "metadata":{"parameters":{"dice_count":5,"dice_sides":10,"exploding":true,"drop_lowest":1,"target_number":8},
      "timestamp":"2025-04-17T14:33:02.117Z","rng":"crypto"}}`;
    const args = {
      dice_count: 5,
      dice_sides: 10,
      exploding: true,
      drop_lowest: 1,
      target_number: 8,
    };
    expect(respond(args, [10, 4, 3, 8, 1, 9], "2025-04-17T14:33:02.117Z")).toBe(compact(expected));
  });

  it("Example 3: rerolls once, applies the minimum and subtracts the modifier", () => {
    const expected = `{"result":{"total":10,"dice":[
      {"die":1,"sides":6,"rolls":[1,1],"value":2,"kept":true,"special":"rerolled,min_applied"},
      {"die":2,"sides":6,"rolls":[2,5],"value":5,"kept":true,"special":"rerolled"},
      {"die":3,"sides":6,"rolls":[4],"value":4,"kept":true,"special":null}],
      "operation":"3d6r{1,2}min2-1",
      "description":"Rolled 3d6, rerolling 1s and 2s once, minimum 2 per die, subtracting 1"},
     "metadata":{"parameters":{"dice_count":3,"dice_sides":6,"reroll":[1,2],"min_value":2,"modifier":-1},
      "timestamp":"2025-04-17T14:33:10.503Z","rng":"crypto"}}`;
    const args = { dice_count: 3, dice_sides: 6, reroll: [1, 2], min_value: 2, modifier: -1 };
    expect(respond(args, [1, 1, 2, 5, 4], "2025-04-17T14:33:10.503Z")).toBe(compact(expected));
  });

  it("echoes the arguments exactly as received, nulls included, and the label after description", () => {
    const received = { dice_count: 1, dice_sides: 20, modifier: null, label: "attack" };
    const args = { dice_count: 1, dice_sides: 20, label: "attack" };
    const json = JSON.parse(respond(args, [17], "2025-01-01T00:00:00.000Z", received));
    expect(json.metadata.parameters).toEqual(received);
    expect(Object.keys(json.result)).toEqual([
      "total",
      "dice",
      "operation",
      "description",
      "label",
    ]);
    expect(json.result.label).toBe("attack");
  });

  it("reports the seeded generator in metadata.rng", () => {
    const source = createScriptedSource([0], "seeded");
    const response = respondToRollDice({ dice_count: 1, dice_sides: 6 }, source, "t");
    expect(response.ok && response.value.metadata.rng).toBe("seeded");
  });

  it("returns problems instead of rolling for invalid arguments", () => {
    const source = createScriptedSource([]);
    const response = respondToRollDice({ dice_count: 1500, dice_sides: 6 }, source, "t");
    expect(response).toEqual({
      ok: false,
      problems: [
        {
          parameter: "dice_count",
          issue: "Value 1500 exceeds maximum allowed (1000)",
          valid_range: "1-1000",
        },
      ],
    });
  });
});

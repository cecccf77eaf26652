import { createScriptedSource } from "@tabletop-mcp/kit/random";
import { describe, expect, it } from "vitest";
import { respondToRoll } from "../../../src/engine/notation/roll-notation.js";
import { wordsForFaces } from "../support/fixtures.js";

describe("respondToRoll", () => {
  it("rolls notation into the roll_dice shape with notation and interpreted_as", () => {
    const input = { notation: " 4D6 kh 3 ", label: "strength" };
    const source = createScriptedSource(wordsForFaces(5, 3, 6, 2));
    const response = respondToRoll(input, source, "2025-04-17T14:32:49.000Z");
    if (!response.ok) expect.fail(JSON.stringify(response.problems));
    const { result, metadata } = response.value;
    expect(result.total).toBe(14);
    expect(result.operation).toBe("4d6kh3");
    expect(Object.keys(result)).toEqual([
      "total",
      "dice",
      "operation",
      "description",
      "label",
      "notation",
    ]);
    expect(result.notation).toBe("4D6 kh 3");
    expect(result.label).toBe("strength");
    expect(metadata).toEqual({
      parameters: input,
      interpreted_as: { dice_count: 4, dice_sides: 6, keep_highest: 3, label: "strength" },
      timestamp: "2025-04-17T14:32:49.000Z",
      rng: "crypto",
    });
  });
});

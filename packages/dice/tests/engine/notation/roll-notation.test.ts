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

  it("rejects a missing notation, an overlong one and unknown keys", () => {
    const source = createScriptedSource([]);
    expect(respondToRoll({ notations: "1d6" }, source, "t")).toEqual({
      ok: false,
      problems: [
        {
          parameter: "notation",
          issue: "Missing required parameter",
          valid_range: "1-200 characters",
        },
        {
          parameter: "notations",
          issue: "Unknown parameter; valid parameters are notation, label",
        },
      ],
    });
    const long = respondToRoll({ notation: `1d6${"+1".repeat(100)}` }, source, "t");
    expect(long.ok ? [] : long.problems.map((problem) => problem.issue)).toEqual([
      "Length 203 exceeds maximum allowed (200 characters)",
    ]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeInstructions } from "../../src/catalog/instructions.js";
import { CLIENT_NAME_PATTERN, exposedName, invalidNameMessage } from "../../src/catalog/names.js";
import type { Upstream } from "../../src/upstreams/upstream.js";

describe("exposed names", () => {
  it("are either client-safe or refused with a message naming them", () => {
    const name = fc.string({ minLength: 1, maxLength: 70 });
    const prefix = fc.option(fc.stringMatching(/^[a-zA-Z0-9_-]{1,32}$/), { nil: undefined });
    fc.assert(
      fc.property(prefix, name, (chosenPrefix, toolName) => {
        const exposed = exposedName(chosenPrefix, toolName);
        const message = invalidNameMessage("tool", exposed, "up", chosenPrefix);
        if (message === undefined) expect(exposed).toMatch(CLIENT_NAME_PATTERN);
        else
          expect(
            message.startsWith(`tool "${exposed}" from "up" is not a valid client tool name`),
          ).toBe(true);
      }),
    );
  });

  it("keep double underscores of the tool's own name", () => {
    expect(exposedName("p", "x__y")).toBe("p__x__y");
  });

  it("ask for a shorter prefix when only the prefix made the name too long", () => {
    const message = invalidNameMessage(
      "tool",
      exposedName("p".repeat(32), "t".repeat(40)),
      "up",
      "p".repeat(32),
    );
    expect(message).toMatch(/; choose a shorter prefix$/);
  });
});

describe("merged instructions (docs/gateway.md §6)", () => {
  function upstream(name: string, instructions: string | undefined, prefix?: string): Upstream {
    return {
      name,
      entry: { prefix },
      isServing: () => true,
      listing: { instructions },
    } as unknown as Upstream;
  }

  it("put the gateway's text first, then one section per upstream with instructions, in order", () => {
    const text = mergeInstructions("Roll in the open.", [
      upstream("dice", "  Dice things. "),
      upstream("quiet", undefined),
      upstream("notes", "Notes things.", "notes"),
    ]);
    expect(text).toBe(
      [
        "Roll in the open.",
        "This endpoint combines several MCP servers; each section below comes from one of them.",
        "",
        "## dice",
        "Dice things.",
        "",
        "## notes",
        "Tools from this server are named notes__<tool>.",
        "Notes things.",
      ].join("\n"),
    );
  });

  it("keep only the heading of sections past 16,000 characters", () => {
    const text = mergeInstructions(undefined, [
      upstream("big", "x".repeat(15_000)),
      upstream("late", "y".repeat(2000)),
    ]);
    expect(text.length).toBeLessThanOrEqual(16_000);
    expect(text.endsWith("## late\n(instructions omitted: length limit)")).toBe(true);
  });
});

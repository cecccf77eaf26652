// The campaign command's own flag checks, run as a real process.
import { fileURLToPath } from "node:url";
import { runCommand } from "@tabletop-mcp/kit/testing";
import { describe, expect, it } from "vitest";

const CLI_ENTRY = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));

describe("tabletop-campaign --seed", () => {
  it("refuses an empty seed and 257 characters with exit 2 and one line", () => {
    for (const [seed, count] of [
      ["", 0],
      ["🎲".repeat(257), 257],
    ] as const) {
      const result = runCommand(CLI_ENTRY, ["--db", ":memory:", "--seed", seed]);
      expect(result.status).toBe(2);
      expect(result.stderr).toBe(
        `tabletop-campaign: --seed must be 1-256 characters (got ${count})\n`,
      );
    }
  });

  it("counts characters, not UTF-16 units: with 256 emoji it serves (and exits at stdin's end)", () => {
    const result = runCommand(CLI_ENTRY, ["--db", ":memory:", "--seed", "🎲".repeat(256)]);
    expect(result.stderr).not.toContain("--seed");
    expect(result.status).toBe(0);
  });
});

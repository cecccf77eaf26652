import { assertUsageError, runCommand } from "@tabletop-mcp/kit/testing";
import { describe, expect, it } from "vitest";
import { CLI_ENTRY } from "../harness.js";

function run(args: string[]) {
  return runCommand(CLI_ENTRY, args);
}

describe("the tabletop-duality command", () => {
  it("prints usage with the --seed flag and exits 0 on --help", () => {
    const result = run(["--help"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("tabletop-duality");
    expect(result.stdout).toMatch(/--seed S .*DUALITY_SEED/);
    expect(result.stdout).toContain("default 8082");
  });

  it("prints the package version and exits 0 on --version", () => {
    const result = run(["--version"]);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.each([
    [["--bogus"], "--bogus"],
    [["--seed", ""], "--seed"],
    [["--seed", "x".repeat(257)], "--seed"],
    [["--transport", "carrier-pigeon"], "--transport"],
  ])("exits 2 with one line naming the flag for %j", (args, flag) => {
    assertUsageError(run(args), flag);
  });
});

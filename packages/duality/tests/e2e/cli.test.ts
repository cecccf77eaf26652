import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { CLI_ENTRY } from "../harness.js";

function run(args: string[]) {
  return spawnSync(process.execPath, [CLI_ENTRY, ...args], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "" },
    input: "",
  });
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
    const result = run(args);
    expect(result.status).toBe(2);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(flag);
  });
});

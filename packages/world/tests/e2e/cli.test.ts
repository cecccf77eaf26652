import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI_ENTRY } from "../helpers/harness.js";

function run(args: string[]) {
  return spawnSync(process.execPath, [CLI_ENTRY, ...args], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "" },
    input: "",
    timeout: 10_000,
  });
}

describe("tabletop-world command line", () => {
  it("exits 2 with one line naming a missing world file", () => {
    const missing = join(tmpdir(), "no-such-world-for-tabletop.urd.md");
    const result = run([missing]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      `tabletop-world: cannot read world file '${missing}': no such file or directory\n`,
    );
  });

  it("exits 2 with one line when the world path is a directory", () => {
    const directory = mkdtempSync(join(tmpdir(), "world-dir-"));
    const result = run([directory]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      `tabletop-world: cannot read world file '${directory}': it is a directory\n`,
    );
  });

  it("exits 2 with one line when no world file is given", () => {
    const result = run([]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("world.urd.md");
  });

  it("prints usage naming --watch and exits 0", () => {
    const result = run(["--help"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("--watch");
  });
});

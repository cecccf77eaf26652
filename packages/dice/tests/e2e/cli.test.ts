import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assertUsageError, runCommand } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_ENTRY, callOk, connectStdio } from "../harness.js";

function run(args: string[], env: Record<string, string> = {}) {
  return runCommand(CLI_ENTRY, args, env);
}

describe("the tabletop-dice command", () => {
  let tables: string;
  let badTables: string;
  beforeAll(async () => {
    tables = await mkdtemp(join(tmpdir(), "dice-cli-tables-"));
    await writeFile(
      join(tables, "encounters.json"),
      JSON.stringify({
        die: "d6",
        entries: [
          { text: "Goblins", range: "1-3" },
          { text: "Wolves", range: "4-6" },
        ],
      }),
    );
    badTables = await mkdtemp(join(tmpdir(), "dice-cli-bad-"));
    await writeFile(
      join(badTables, "gappy.json"),
      JSON.stringify({
        die: "d6",
        entries: [
          { text: "Goblins", range: "1-2" },
          { text: "Wolves", range: "4-6" },
        ],
      }),
    );
  });
  afterAll(async () => {
    await rm(tables, { recursive: true, force: true });
    await rm(badTables, { recursive: true, force: true });
  });

  it("prints usage naming --seed for tests and replays, --tables and port 8081, and exits 0 on --help", () => {
    const result = run(["--help"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("tabletop-dice");
    expect(result.stdout).toMatch(/--seed S .*tests and replays.*DICE_SEED/);
    expect(result.stdout).toMatch(/--tables DIR .*DICE_TABLES_DIR/);
    expect(result.stdout).toContain("default 8081");
    expect(result.stdout).toMatch(/--rate-limit-ms N .*default 200/);
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
    [["--rate-limit-ms", "fast"], "--rate-limit-ms"],
  ])("exits 2 with one line naming the flag for %j", (args, flag) => {
    assertUsageError(run(args), flag);
  });

  it("exits 2 with one line naming the bad table file and its gap", () => {
    const result = run(["--tables", badTables]);
    expect(result.status).toBe(2);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^tabletop-dice: --tables: gappy\.json: .*3 .*not covered/);
  });

  it("exits 2 when DICE_TABLES_DIR names a missing directory", () => {
    const result = run([], { DICE_TABLES_DIR: join(badTables, "missing") });
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("serves the tables of --tables DIR by file name", async () => {
    const connection = await connectStdio([
      "--tables",
      tables,
      "--seed",
      "tabletop",
      "--rate-limit-ms",
      "0",
    ]);
    const body = await callOk(connection.client, "roll_table", { name: "encounters" });
    await connection.close();
    // The seed's first word 3899502165 on a d6: 3899502165 mod 6 = 3, face 4 (docs/dice.md §7 vector).
    expect(body.result).toMatchObject({
      table: "encounters",
      draws: [{ roll: 4, entry: "Wolves" }],
    });
  });
});

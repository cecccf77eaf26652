import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { fixturesDirectory } from "./helpers/fixtures.js";

const packageDirectory = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(packageDirectory, "dist", "cli.js");

function urd(...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  if (existsSync(cli)) return;
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { cwd: packageDirectory });
}, 60_000);

describe("urd check", () => {
  it("prints each diagnostic like a compiler, then a summary, and exits 0 without errors", () => {
    const { code, stdout, stderr } = urd("check", join(fixturesDirectory, "locked-garden.urd.md"));
    expect(stdout).toBe(
      [
        "locked-garden.urd.md:48:3 warning URD603 Effect sets 'Character.mood' to 'friendly' but no condition anywhere tests for this variant. The write may have no observable effect.",
        "locked-garden.urd.md:68:1 warning URD433 Section 'explore' in file 'locked-garden.urd.md' has only one-shot choices and no terminal jump or fallthrough text. It will exhaust to an empty state.",
        "0 errors, 2 warnings",
        "",
      ].join("\n"),
    );
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });

  it("exits 1 when there are errors", () => {
    const { code, stdout } = urd(
      "check",
      join(fixturesDirectory, "negative-unresolved-entity.urd.md"),
    );
    expect(stdout).toBe(
      "negative-unresolved-entity.urd.md:8:1 error URD301 Unresolved entity reference '@ghost'.\n1 errors, 0 warnings\n",
    );
    expect(code).toBe(1);
  });
});

describe("urd compile", () => {
  it("prints the whole result as indented JSON with a trailing newline", () => {
    const { code, stdout } = urd("compile", join(fixturesDirectory, "locked-garden.urd.md"));
    expect(code).toBe(0);
    expect(stdout.endsWith("}\n")).toBe(true);
    expect(stdout.startsWith('{\n  "success": true,')).toBe(true);
    const output = JSON.parse(stdout);
    expect(Object.keys(output)).toEqual([
      "success",
      "world",
      "diagnostics",
      "facts",
      "property_index",
    ]);
    expect(output.property_index.summary).toEqual({
      total_properties: 3,
      total_reads: 4,
      total_writes: 6,
      read_never_written: 0,
      written_never_read: 0,
    });
    expect(output.world.world).toEqual({ name: "the-locked-garden", urd: "1", start: "gatehouse" });
  });

  it("prints null facts and world and exits 1 after a parse error", () => {
    const { code, stdout } = urd(
      "compile",
      join(fixturesDirectory, "authored-parse-errors.urd.md"),
    );
    const output = JSON.parse(stdout);
    expect([output.success, output.world, output.facts, output.property_index]).toEqual([
      false,
      null,
      null,
      null,
    ]);
    expect(code).toBe(1);
  });
});

describe("urd usage", () => {
  it("shows help and the version and exits 0", () => {
    const help = urd("--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("urd <command> <file.urd.md>");
    const version = urd("--version");
    const manifest = JSON.parse(readFileSync(join(packageDirectory, "package.json"), "utf8"));
    expect(version).toEqual({ code: 0, stdout: `${manifest.version}\n`, stderr: "" });
  });

  it.each([
    [[], "urd: missing command (try 'urd --help')"],
    [["check"], "urd: 'urd check' needs a file"],
    [["lint", "x.urd.md"], "urd: unknown command 'lint' (expected 'check' or 'compile')"],
    [["--fast"], "urd: unknown option '--fast'"],
    [["check", "--strict"], "urd: unknown option '--strict'"],
    [["check", "a.urd.md", "b.urd.md"], "urd: unexpected argument 'b.urd.md'"],
  ])("exits 2 with one line on stderr for %j", (args, message) => {
    expect(urd(...args)).toEqual({ code: 2, stdout: "", stderr: `${message}\n` });
  });

  it("exits 2 with one line when the file cannot be read", () => {
    const { code, stdout, stderr } = urd("check", join(fixturesDirectory, "no-such-file.urd.md"));
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^urd: cannot read '.*no-such-file\.urd\.md': ENOENT/);
  });
});

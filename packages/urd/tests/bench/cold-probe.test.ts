import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateWorld } from "../../bench/generate-world.mjs";

const packageDirectory = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const probe = join(packageDirectory, "bench", "cold-probe.mjs");
const scratch = mkdtempSync(join(tmpdir(), "urd-cold-probe-"));
const world = join(scratch, "generated.urd.md");

function runProbe(...flags: string[]): Record<string, number> {
  return JSON.parse(execFileSync(process.execPath, [probe, world, ...flags], { encoding: "utf8" }));
}

beforeAll(() => {
  writeFileSync(world, generateWorld({ locations: 60, entities: 12, sections: 30 }));
  if (existsSync(join(packageDirectory, "dist", "index.js"))) return;
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { cwd: packageDirectory });
}, 60_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the cold-compile probe", () => {
  it("compiles the world once in a fresh process and reports its wall and main-thread times", () => {
    const { ms, cpuMs, errors } = runProbe();
    expect(errors).toBe(0);
    expect(ms).toBeGreaterThan(0);
    expect(cpuMs).toBeGreaterThan(0);
  });

  it("reports the bytes one compilation allocates, more than the source it reads", () => {
    const { allocatedMiB } = runProbe("--allocations");
    const sourceMiB =
      Buffer.byteLength(generateWorld({ locations: 60, entities: 12, sections: 30 })) / 2 ** 20;
    expect(allocatedMiB).toBeGreaterThan(sourceMiB);
  });
});

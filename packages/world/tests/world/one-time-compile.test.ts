import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const PROBE = fileURLToPath(new URL("../helpers/optimizer-probe.mjs", import.meta.url));

/** Runs the probe (on the built module) in a fresh process, optimizing synchronously. */
function probe(...flags: string[]): { whilePaused: boolean; afterwards: boolean } {
  const output = execFileSync(
    process.execPath,
    ["--allow-natives-syntax", "--no-concurrent-recompilation", ...flags, PROBE],
    { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } },
  );
  return JSON.parse(output) as { whilePaused: boolean; afterwards: boolean };
}

describe("withOptimizerPaused", () => {
  it("keeps hot code unoptimized while the work runs, and optimizes it afterwards", () => {
    expect(probe()).toEqual({ whilePaused: false, afterwards: true });
  });

  it("leaves the optimizer off when the user turned it off", () => {
    expect(probe("--no-opt")).toEqual({ whilePaused: false, afterwards: false });
  });
});

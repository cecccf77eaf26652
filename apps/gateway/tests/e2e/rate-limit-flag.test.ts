// The gateway's --rate-limit-ms applies to its builtins unless an entry sets its own
// rate_limit_ms: a user who turned limiting off must not still wait out dice's 200 ms.
import { runCommand } from "@tabletop-mcp/kit/testing";
import { afterAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  errorOf,
  fixtureStdio,
  openStdioGateway,
  writeConfig,
} from "../helpers/gateway.js";
import { GATEWAY } from "./support.js";

afterAll(cleanupAll);

/** The `rate_limit_ms` of every server in the effective config these flags give. */
function printedLimits(args: string[], env: Record<string, string> = {}): Record<string, number> {
  const config = writeConfig({
    mcpServers: {
      dice: { builtin: "dice" },
      duality: { builtin: "duality" },
      slow_dice: { builtin: "dice", rate_limit_ms: 300, prefix: "slow" },
      fixture: fixtureStdio(),
    },
  });
  const result = runCommand(GATEWAY, ["--config", config, "--print-config", ...args], env);
  expect(result.status, result.stderr).toBe(0);
  const printed = JSON.parse(result.stdout) as {
    mcpServers: Record<string, { rate_limit_ms: number }>;
  };
  return Object.fromEntries(
    Object.entries(printed.mcpServers).map(([name, entry]) => [name, entry.rate_limit_ms]),
  );
}

describe("the builtins' spacing in the effective config", () => {
  it("keeps dice's own 200 ms when the flag is not given", () => {
    expect(printedLimits([])).toEqual({ dice: 200, duality: 0, slow_dice: 300, fixture: 0 });
  });

  it("is lifted for every builtin by --rate-limit-ms 0, except where an entry sets its own", () => {
    expect(printedLimits(["--rate-limit-ms", "0"])).toEqual({
      dice: 0,
      duality: 0,
      slow_dice: 300,
      fixture: 0,
    });
  });

  it("follows a non-zero flag or MCP_RATE_LIMIT_MS for builtins only", () => {
    const expected = { dice: 50, duality: 50, slow_dice: 300, fixture: 0 };
    expect(printedLimits(["--rate-limit-ms", "50"])).toEqual(expected);
    expect(printedLimits([], { MCP_RATE_LIMIT_MS: "50" })).toEqual(expected);
  });
});

/** Sends `count` roll_dice calls at once in one session; how many were refused as RATE_LIMITED. */
async function refusedOf(args: string[], count: number): Promise<number> {
  const gateway = await openStdioGateway(args);
  const results = await Promise.all(
    Array.from({ length: count }, () =>
      call(gateway.client, "roll_dice", { dice_count: 1, dice_sides: 6 }),
    ),
  );
  await gateway.close();
  return results.filter((result) => result.isError && errorOf(result).code === "RATE_LIMITED")
    .length;
}

describe("a burst of dice calls in one session", () => {
  // Dice's limiter lets one call through, queues 32 and refuses the rest.
  const burst = 36;

  it("is queued and partly refused under dice's default spacing", async () => {
    expect(await refusedOf([], burst)).toBe(burst - 1 - 32);
  });

  it("is neither queued nor refused with --rate-limit-ms 0", async () => {
    expect(await refusedOf(["--rate-limit-ms", "0"], burst)).toBe(0);
  });
});

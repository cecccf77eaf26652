// A stdio upstream that writes one enormous line must not tie up the gateway: the line is
// refused past max_line_bytes (16 MiB by default), the call fails saying so, the upstream
// restarts, and other sessions are served throughout.
import { runCommand } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  errorOf,
  fixtureStdio,
  type HttpChild,
  openHttpSession,
  readRecord,
  startGatewayHttp,
  trackPid,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";
import { GATEWAY } from "./support.js";

const MIB = 1_048_576;
const DEFAULT_LIMIT = 16 * MIB;
const SMALL_LIMIT = 65_536;

let gateway: HttpChild;

const fixture = (name: string) => [
  "--name",
  name,
  "--tools",
  "echo,huge_line,_record",
  "--scheme",
  name,
  "--prompt",
  name,
];

beforeAll(async () => {
  const config = writeConfig({
    mcpServers: {
      dice: { builtin: "dice", rate_limit_ms: 0 },
      big: fixtureStdio(fixture("big"), { prefix: "big" }),
      small: fixtureStdio(fixture("small"), { prefix: "small", max_line_bytes: SMALL_LIMIT }),
    },
  });
  gateway = await startGatewayHttp(["--config", config]);
});

afterAll(cleanupAll);

describe("a line longer than the default limit", () => {
  it("fails the call that caused it, restarts the upstream, and never stalls another session", async () => {
    const writer = await openHttpSession(gateway.url);
    const bystander = await openHttpSession(gateway.url);
    const before = await readRecord(writer.client, "big___record");
    trackPid(before.pid);

    let settled = false;
    const huge = call(writer.client, "big__huge_line", { bytes: DEFAULT_LIMIT + MIB }).finally(
      () => {
        settled = true;
      },
    );
    const bystanderResults = [];
    while (!settled) {
      bystanderResults.push(
        await call(bystander.client, "roll_dice", { dice_count: 1, dice_sides: 6 }),
      );
    }
    const error = errorOf(await huge);
    expect(error).toMatchObject({ code: "FAILED_PRECONDITION", upstream: "big", reason: "exited" });
    expect(error.message).toContain(
      `Upstream "big" wrote a line of more than ${DEFAULT_LIMIT} bytes on stdout (the limit, max_line_bytes), so the gateway stopped it`,
    );
    expect(bystanderResults.length).toBeGreaterThan(0);
    expect(bystanderResults.filter((result) => result.isError)).toEqual([]);

    await waitFor(async () => {
      const echo = await call(writer.client, "big__echo", { again: true });
      return echo.isError !== true;
    }, "the upstream to serve again");
    const after = await readRecord(writer.client, "big___record");
    trackPid(after.pid);
    expect(after.pid).not.toBe(before.pid);
  });
});

describe("max_line_bytes on one upstream", () => {
  it("refuses a line just over it and passes one just under it", async () => {
    const session = await openHttpSession(gateway.url);
    const under = await call(session.client, "small__huge_line", { bytes: SMALL_LIMIT - 100 });
    expect(under.isError).toBeFalsy();
    expect(under.structuredContent).toEqual({ wrote: SMALL_LIMIT - 100 });

    const over = errorOf(
      await call(session.client, "small__huge_line", { bytes: SMALL_LIMIT + 100 }),
    );
    expect(over).toMatchObject({ upstream: "small", reason: "exited" });
    expect(over.message).toContain(`wrote a line of more than ${SMALL_LIMIT} bytes on stdout`);
  });
});

describe("the max_line_bytes keys", () => {
  it("take gateway.max_line_bytes for stdio servers that set none", () => {
    const config = writeConfig({
      mcpServers: {
        own: fixtureStdio([], { max_line_bytes: 4096 }),
        inherited: fixtureStdio(),
      },
      gateway: { max_line_bytes: 2048 },
    });
    const result = runCommand(GATEWAY, ["--config", config, "--print-config"]);
    expect(result.status, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout) as {
      mcpServers: Record<string, { max_line_bytes: number }>;
      gateway: { max_line_bytes: number };
    };
    expect(printed.mcpServers.own?.max_line_bytes).toBe(4096);
    expect(printed.mcpServers.inherited?.max_line_bytes).toBe(2048);
    expect(printed.gateway.max_line_bytes).toBe(2048);
  });

  it("default to 16 MiB and are refused out of range or on servers without stdout", () => {
    const fine = runCommand(GATEWAY, [
      "--config",
      writeConfig({ mcpServers: { plain: fixtureStdio() } }),
      "--print-config",
    ]);
    expect(JSON.parse(fine.stdout).mcpServers.plain.max_line_bytes).toBe(DEFAULT_LIMIT);

    const config = writeConfig({
      mcpServers: {
        tiny: fixtureStdio([], { max_line_bytes: 10 }),
        dice: { builtin: "dice", max_line_bytes: 4096 },
      },
      gateway: { max_line_bytes: "big" },
    });
    const result = runCommand(GATEWAY, ["--config", config, "--print-config"]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split("\n").sort()).toEqual([
      'config: gateway.max_line_bytes: must be an integer 1024-268435456 (got "big")',
      "config: mcpServers.dice.max_line_bytes: only applies to stdio servers",
      "config: mcpServers.tiny.max_line_bytes: must be an integer 1024-268435456 (got 10)",
    ]);
  });
});

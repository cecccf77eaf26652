import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startHttpCommand } from "@tabletop-mcp/kit/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { childProcessIds } from "./support/process.js";
import { python3Available, pythonWithMcp, runPythonSessions } from "./support/python-mcp.js";
import { rawHttp } from "./support/raw-http.js";
import { commandPath, gatewayBuilt, gatewayEntry, serverCommands } from "./support/servers.js";

// Only a machine without python3 skips; CI must have it.
const skip = !python3Available && !process.env.CI;
if (skip) console.warn("python-sdk-sessions: skipped, python3 not found");

const SESSIONS = 3;

async function sessionCount(url: string): Promise<number> {
  const health = await rawHttp(url, { method: "GET", path: "/mcp/health" });
  return (JSON.parse(health.body) as { sessions: number }).sessions;
}

/** A gateway config whose one upstream is dice over stdio, one child process per session. */
function perSessionConfig(): string {
  const directory = mkdtempSync(join(tmpdir(), "reliability-python-"));
  const file = join(directory, "gateway.json");
  const dice = commandPath("packages/dice/dist/cli.js");
  const upstream = { command: process.execPath, args: [dice, "--rate-limit-ms", "0"] };
  writeFileSync(file, JSON.stringify({ mcpServers: { dice: { ...upstream, per_session: true } } }));
  return file;
}

async function waitFor(condition: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return condition();
}

describe.skipIf(skip)("the Python MCP SDK over HTTP", () => {
  // Making the environment installs the SDK the first time: far longer than a test.
  beforeAll(() => {
    pythonWithMcp();
  }, 600_000);

  it.each(serverCommands().map((server) => [server.name, server] as const))(
    "opens and closes sessions on %s, which end on its DELETE",
    async (_name, server) => {
      const running = await startHttpCommand(server.entry, server.args, server.env);
      try {
        const baseline = await sessionCount(running.url);
        const sessions = await runPythonSessions(
          running.url,
          server.knownGood.tool,
          server.knownGood.args,
          SESSIONS,
        );
        expect(sessions).toHaveLength(SESSIONS);
        for (const session of sessions) {
          expect(session.is_error).toBe(false);
          expect(session.tools).toBeGreaterThan(0);
        }
        expect(await sessionCount(running.url)).toBe(baseline);
      } finally {
        await running.stop();
      }
    },
  );

  it.skipIf(!gatewayBuilt)(
    "leaves no child process behind on the gateway with a per-session stdio upstream",
    async () => {
      const gateway = await startHttpCommand(gatewayEntry, ["--config", perSessionConfig()]);
      const pid = gateway.child.pid as number;
      try {
        const baseline = childProcessIds(pid).length;
        const sessions = await runPythonSessions(
          gateway.url,
          "roll_dice",
          { dice_count: 1, dice_sides: 20 },
          SESSIONS,
        );
        expect(sessions.map((session) => session.is_error)).toEqual([false, false, false]);
        expect(await sessionCount(gateway.url)).toBe(0);
        // A per-session child gets stdin closed, then SIGTERM after 2 s.
        expect(await waitFor(() => childProcessIds(pid).length === baseline, 10_000)).toBe(true);
      } finally {
        await gateway.stop();
      }
    },
  );
});

import type { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import {
  callTool,
  connectHttp,
  type HttpProcess,
  startHttpCommand,
} from "@tabletop-mcp/kit/testing";
import { describe, expect, it } from "vitest";
import { isAlive } from "./support/process.js";
import { MCP_HEADERS, messagesOf, openSession, rawHttp } from "./support/raw-http.js";
import { commandPath, gatewayBuilt, gatewayEntry, writeGatewayConfig } from "./support/servers.js";

/** Spacing that makes a second call wait in the server's queue: a long call without a sleep tool. */
const SPACING_MS = 3000;

const targets = [
  {
    name: "campaign",
    skip: false,
    entry: commandPath("packages/campaign/dist/cli.js"),
    args: () => ["--db", ":memory:", "--rate-limit-ms", String(SPACING_MS)],
  },
  {
    name: "gateway (campaign builtin)",
    skip: !gatewayBuilt,
    entry: gatewayEntry,
    args: () => [
      "--config",
      writeGatewayConfig({ campaign: { builtin: "campaign", rate_limit_ms: SPACING_MS } }),
    ],
  },
];

async function sessionCount(url: string): Promise<number> {
  const health = await rawHttp(url, { method: "GET", path: "/mcp/health" });
  return (JSON.parse(health.body) as { sessions: number }).sessions;
}

async function campaignNames(url: string): Promise<string[]> {
  const reader = await connectHttp(url);
  try {
    const read = await reader.client.readResource({ uri: "campaigns://list?limit=200" });
    const first = read.contents[0];
    const body = JSON.parse(first && "text" in first ? String(first.text) : "{}") as {
      campaigns: Array<{ name: string }>;
    };
    return body.campaigns.map((campaign) => campaign.name);
  } finally {
    await (reader.client.transport as StreamableHTTPClientTransport).terminateSession();
    await reader.close();
  }
}

/** SIGTERM waits up to 10 s for in-flight calls; a leaked one would hold the exit that long. */
async function expectPromptCleanExit(server: HttpProcess): Promise<void> {
  const started = Date.now();
  const exit = new Promise<number | null>((resolve) =>
    server.child.once("exit", (code) => resolve(code)),
  );
  server.child.kill("SIGTERM");
  expect(await exit).toBe(0);
  expect(Date.now() - started).toBeLessThan(8000);
}

describe.each(targets)("a client that goes away mid-call, against $name", (target) => {
  it.skipIf(target.skip)(
    "cancelling a waiting call means it never runs, and nothing is left behind",
    async () => {
      const server = await startHttpCommand(target.entry, target.args());
      const baseline = await sessionCount(server.url);
      const connection = await connectHttp(server.url);
      expect(await sessionCount(server.url)).toBe(baseline + 1);
      const first = await callTool(connection.client, "campaign_create", {
        name: "answered",
        gm_mode: "HUMAN",
      });
      expect(first.isError).toBeFalsy();

      const controller = new AbortController();
      const waiting = connection.client.callTool(
        { name: "campaign_create", arguments: { name: "cancelled", gm_mode: "HUMAN" } },
        { signal: controller.signal },
      );
      setTimeout(() => controller.abort("user gave up"), 300);
      await expect(waiting).rejects.toThrow();

      await new Promise((resolve) => setTimeout(resolve, SPACING_MS + 1000));
      const names = await campaignNames(server.url);
      expect(names).toContain("answered");
      expect(names).not.toContain("cancelled");

      await (connection.client.transport as StreamableHTTPClientTransport).terminateSession();
      await connection.close();
      expect(await sessionCount(server.url)).toBe(baseline);
      expect(isAlive(server.child.pid)).toBe(true);
      await expectPromptCleanExit(server);
    },
  );

  it.skipIf(target.skip)(
    "a dropped connection mid-call leaves no session after DELETE and no call in flight",
    async () => {
      const server = await startHttpCommand(target.entry, target.args());
      const baseline = await sessionCount(server.url);
      const session = await openSession(server.url);
      const headers = { ...MCP_HEADERS, "mcp-session-id": session };
      const call = (id: number, name: string) =>
        JSON.stringify({
          jsonrpc: "2.0",
          id,
          method: "tools/call",
          params: { name: "campaign_create", arguments: { name, gm_mode: "AI" } },
        });
      const answered = await rawHttp(server.url, { headers, body: call(1, "first") });
      expect(messagesOf(answered)).toHaveLength(1);

      await expect(
        rawHttp(server.url, { headers, body: call(2, "dropped"), abortAfterMs: 300 }),
      ).rejects.toThrow("aborted");
      expect(await sessionCount(server.url)).toBe(baseline + 1);
      const deleted = await rawHttp(server.url, {
        method: "DELETE",
        headers: { "mcp-session-id": session },
      });
      expect(deleted.status).toBe(200);
      expect(await sessionCount(server.url)).toBe(baseline);

      const fresh = await connectHttp(server.url);
      const afterwards = await callTool(fresh.client, "campaign_create", {
        name: "after",
        gm_mode: "HUMAN",
      });
      expect(afterwards.isError).toBeFalsy();
      await (fresh.client.transport as StreamableHTTPClientTransport).terminateSession();
      await fresh.close();
      expect(await sessionCount(server.url)).toBe(baseline);
      await expectPromptCleanExit(server);
    },
  );
});

import type { Client } from "@modelcontextprotocol/client";
import type { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import {
  callTool,
  connectHttp,
  connectStdioCommand,
  startHttpCommand,
} from "@tabletop-mcp/kit/testing";
import { describe, expect, it } from "vitest";
import { campaignIdPool } from "../tests/support/campaign-ids.js";
import { type FuzzReport, fuzzServer } from "../tests/support/fuzz.js";
import { isAlive } from "../tests/support/process.js";
import { type ServerCommand, serverCommands } from "../tests/support/servers.js";

const STDIO_CALLS = 3000;
const HTTP_CALLS = 1000;
const BODY_LIMIT = 1_048_576;

async function fuzzAndCheck(
  client: Client,
  server: ServerCommand,
  calls: number,
  seed: number,
  overHttp: boolean,
): Promise<FuzzReport> {
  const usesCampaign = server.name === "campaign" || server.name === "gateway";
  const report = await fuzzServer(client, {
    seed,
    calls,
    hugeStrings: true,
    concurrency: 4,
    errorStyle: server.errorStyle,
    ...(overHttp ? { bodyLimitBytes: BODY_LIMIT } : {}),
    ...(usesCampaign ? { idPool: await campaignIdPool(client) } : {}),
  });
  const afterwards = await callTool(client, server.knownGood.tool, server.knownGood.args);
  expect(afterwards.isError).toBeFalsy();
  console.log(
    `fuzz ${server.name} over ${overHttp ? "HTTP" : "stdio"}: ${report.calls} calls, ${report.results} results, ${report.toolErrors} tool errors, ${report.refusedOversize} refused as oversize, ${report.failures.length} distinct failures`,
  );
  return report;
}

describe.each(serverCommands())("long fuzzing of $name", (server) => {
  it("over stdio, four calls at a time", async () => {
    const connection = await connectStdioCommand(server.entry, server.args, server.env);
    try {
      const report = await fuzzAndCheck(connection.client, server, STDIO_CALLS, 7_000_001, false);
      expect(isAlive((connection.client.transport as StdioClientTransport).pid)).toBe(true);
      expect(report.failures).toEqual([]);
    } finally {
      await connection.close();
    }
  });

  it("over HTTP, with strings near the body limit", async () => {
    const running = await startHttpCommand(server.entry, server.args, server.env);
    const connection = await connectHttp(running.url);
    try {
      const report = await fuzzAndCheck(connection.client, server, HTTP_CALLS, 9_000_001, true);
      expect(isAlive(running.child.pid)).toBe(true);
      expect(report.failures).toEqual([]);
    } finally {
      await connection.close();
      await running.stop();
    }
  });
});

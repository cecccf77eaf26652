import type { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { callTool, connectStdioCommand } from "@tabletop-mcp/kit/testing";
import { describe, expect, it } from "vitest";
import { campaignIdPool } from "./support/campaign-ids.js";
import { fuzzServer } from "./support/fuzz.js";
import { isAlive } from "./support/process.js";
import { serverCommands } from "./support/servers.js";

const CALLS_PER_SERVER = 320;
const SEED = 20_251_110;

describe.each(serverCommands())("fuzzing $name over stdio", (server) => {
  it("answers every generated and hostile call with a result or the contract's error, and keeps serving", async () => {
    const connection = await connectStdioCommand(server.entry, server.args, server.env);
    const { client } = connection;
    try {
      const pid = (client.transport as StdioClientTransport).pid;
      const usesCampaign = server.name === "campaign" || server.name === "gateway";
      const report = await fuzzServer(client, {
        seed: SEED,
        calls: CALLS_PER_SERVER,
        hugeStrings: true,
        errorStyle: server.errorStyle,
        ...(usesCampaign ? { idPool: await campaignIdPool(client) } : {}),
      });

      expect(isAlive(pid)).toBe(true);
      const afterwards = await callTool(client, server.knownGood.tool, server.knownGood.args);
      expect(afterwards.isError).toBeFalsy();
      expect(report.calls).toBeGreaterThanOrEqual(CALLS_PER_SERVER);
      expect(report.results).toBeGreaterThan(0);
      expect(report.toolErrors).toBeGreaterThan(0);
      expect(report.failures).toEqual([]);
    } finally {
      await connection.close();
    }
  });
});

import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { type ClientEra, clientOptions, startHttpCommand } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { python3Available, pythonWithMcp, runPythonEras } from "./support/python-mcp.js";
import { type ServerCommand, serverCommands } from "./support/servers.js";

/**
 * Every server, over stdio and HTTP, with clients nobody here wrote, in each protocol mode:
 * the TypeScript SDK v2 client with no negotiation, `auto` and a pin to 2026-07-28, and the
 * Python SDK 2.x client in `legacy`, `auto` and `2026-07-28` (docs/contract.md, the eras).
 */

// Only a machine without python3 skips the Python half; CI must have it.
const skipPython = !python3Available && !process.env.CI;

const TS_MODES: ReadonlyArray<[ClientEra, "legacy" | "modern"]> = [
  ["legacy", "legacy"],
  ["auto", "modern"],
  ["modern", "modern"],
];

const PYTHON_MODES = ["legacy", "auto", "2026-07-28"];
const PYTHON_VERSIONS = ["2025-11-25", "2026-07-28", "2026-07-28"];

const servers = serverCommands().map((server) => [server.name, server] as const);

// Making the Python environment installs the SDK the first time: far longer than a test.
beforeAll(() => {
  if (!skipPython) pythonWithMcp();
}, 600_000);

async function connectTs(server: ServerCommand, era: ClientEra, url?: string): Promise<Client> {
  const client = new Client({ name: "eras-test", version: "1.0.0" }, clientOptions(era));
  const transport = url
    ? new StreamableHTTPClientTransport(new URL(url))
    : new StdioClientTransport({
        command: process.execPath,
        args: [server.entry, ...server.args],
        env: { PATH: process.env.PATH ?? "", ...server.env },
        stderr: "pipe",
      });
  await client.connect(transport);
  return client;
}

async function useOnce(client: Client, server: ServerCommand): Promise<void> {
  const tools = await client.listTools();
  expect(tools.tools.length).toBeGreaterThan(0);
  const result = await client.callTool({
    name: server.knownGood.tool,
    arguments: server.knownGood.args,
  });
  expect(result.isError ?? false, JSON.stringify(result).slice(0, 500)).toBe(false);
}

describe.each(servers)("%s, in both protocol eras", (_name, server) => {
  let http: Awaited<ReturnType<typeof startHttpCommand>>;
  beforeAll(async () => {
    http = await startHttpCommand(server.entry, server.args, server.env);
  });
  afterAll(() => http.stop());

  it.each(["stdio", "http"] as const)(
    "serves the TypeScript SDK v2 client over %s with no negotiation, auto and a pin",
    async (transport) => {
      for (const [era, expected] of TS_MODES) {
        const client = await connectTs(server, era, transport === "http" ? http.url : undefined);
        try {
          expect(client.getProtocolEra(), `${era} over ${transport}`).toBe(expected);
          await useOnce(client, server);
        } finally {
          await client.close();
        }
      }
    },
  );

  it.skipIf(skipPython).each(["stdio", "http"] as const)(
    "serves the Python SDK client over %s in legacy, auto and 2026-07-28 modes",
    async (transport) => {
      const target =
        transport === "http" ? http.url : [process.execPath, server.entry, ...server.args];
      const connections = await runPythonEras(
        PYTHON_MODES,
        target,
        server.knownGood.tool,
        server.knownGood.args,
      );
      expect(connections.map((connection) => connection.protocol_version)).toEqual(PYTHON_VERSIONS);
      for (const connection of connections) {
        expect(connection.tools, connection.mode).toBeGreaterThan(0);
        expect(connection.is_error, connection.mode).toBe(false);
      }
    },
  );
});

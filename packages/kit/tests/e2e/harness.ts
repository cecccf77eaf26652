import { fileURLToPath } from "node:url";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { InFlightRequests } from "../../src/cli/index.js";
import { type HttpHandle, type HttpOptions, serveHttp } from "../../src/http/index.js";
import { ResourceHub, silentLogger } from "../../src/index.js";
import { createFixtureServer, createFixtureState } from "../fixture/fixture-server.mjs";

/** The fixture server's command file. */
export const FIXTURE_ENTRY = fileURLToPath(
  new URL("../fixture/fixture-server.mjs", import.meta.url),
);

/** A connected SDK client over stdio to a fresh fixture child process. */
export async function connectStdio(
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<{
  client: Client;
  transport: StdioClientTransport;
}> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [FIXTURE_ENTRY, ...args],
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: "pipe",
  });
  const client = new Client({ name: "kit-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

/** Starts the fixture over HTTP in this process on a free port. */
export async function startHttpFixture(
  overrides: Partial<HttpOptions> = {},
): Promise<HttpHandle & { hub: ResourceHub }> {
  const state = createFixtureState();
  const hub = new ResourceHub();
  const handle = await serveHttp({
    createServer: () => createFixtureServer(state, { hub }),
    listeners: hub,
    name: "kit-fixture",
    version: "1.0.0",
    host: "127.0.0.1",
    port: 0,
    allowedHosts: [],
    authToken: undefined,
    rateLimitMs: 0,
    logger: silentLogger,
    inFlight: new InFlightRequests(),
    ...overrides,
  });
  return Object.assign(handle, { hub });
}

/** A connected SDK client over Streamable HTTP. */
export async function connectHttp(
  url: string,
  headers: Record<string, string> = {},
): Promise<Client> {
  const client = new Client({ name: "kit-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  );
  return client;
}

/** The structured content of a tool result, typed loosely for assertions. */
export function structured(result: unknown): Record<string, unknown> {
  return (result as CallToolResult).structuredContent as Record<string, unknown>;
}

/** The single text item of a tool result, parsed. */
export function textJson(result: unknown): unknown {
  const content = (result as CallToolResult).content;
  const first = content[0];
  if (first?.type !== "text") throw new Error("expected one text item");
  return JSON.parse(first.text);
}

/** The transports the fixture is served over, for tests that run once per transport. */
export const FIXTURE_TRANSPORTS = ["stdio", "http"] as const;

const openClients: Array<() => Promise<void>> = [];

/**
 * A client of a fresh fixture over `transport` (a child process over stdio, or a server in this
 * process over HTTP), closed with everything it opened by {@link closeFixtureClients}.
 */
export async function fixtureClient(
  transport: (typeof FIXTURE_TRANSPORTS)[number],
): Promise<Client> {
  if (transport === "stdio") {
    const { client } = await connectStdio();
    openClients.push(() => client.close());
    return client;
  }
  const handle = await startHttpFixture();
  openClients.push(() => handle.close());
  const client = await connectHttp(handle.url);
  openClients.push(() => client.close());
  return client;
}

/** Closes every client {@link fixtureClient} opened, and their servers. */
export async function closeFixtureClients(): Promise<void> {
  await Promise.all(openClients.splice(0).map((close) => close()));
}

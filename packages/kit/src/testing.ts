/**
 * Helpers for testing servers through the real interfaces: the SDK's own `Client` over the
 * in-memory transport, over stdio to a child process of a built command, and over HTTP to a
 * child process listening on a free port. Exported as `@tabletop-mcp/kit/testing`.
 */
import { type ChildProcess, type SpawnSyncReturns, spawn, spawnSync } from "node:child_process";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { CallToolResult, Server, Transport } from "@modelcontextprotocol/server";
import { InMemoryTransport } from "@modelcontextprotocol/server";

/** A connected test client and a way to close both ends. */
export interface TestConnection {
  client: Client;
  close(): Promise<void>;
}

/** A child process of a built command serving HTTP on a free port. */
export interface HttpProcess {
  /** The MCP endpoint the process printed, e.g. `http://127.0.0.1:40123/mcp`. */
  url: string;
  child: ChildProcess;
  /** Sends SIGTERM (if still running) and waits for the exit. */
  stop(): Promise<void>;
}

/** Only PATH and what a test sets: a child never inherits the test runner's configuration. */
function childEnvironment(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? "", ...env };
}

/**
 * Which protocol era a test client speaks: `legacy` (the 2025 `initialize` handshake, the SDK
 * client's default), `modern` (pinned to 2026-07-28, no fallback) or `auto` (probes with
 * `server/discover` and falls back to `initialize`).
 */
export type ClientEra = "legacy" | "modern" | "auto";

/** The SDK client's options for an era. */
export function clientOptions(era: ClientEra = "legacy"): ConstructorParameters<typeof Client>[1] {
  if (era === "legacy") return {};
  return { versionNegotiation: { mode: era === "auto" ? "auto" : { pin: "2026-07-28" } } };
}

/**
 * Connects a client and lists the tools, so that the client checks every later structured
 * result against the tool's `outputSchema`.
 */
async function connectClient(transport: Transport, era?: ClientEra): Promise<Client> {
  const client = new Client({ name: "tabletop-mcp-test", version: "1.0.0" }, clientOptions(era));
  await client.connect(transport);
  await client.listTools();
  return client;
}

/** Connects a client to an in-process server over the SDK's in-memory transport. */
export async function connectInMemory(server: Server): Promise<TestConnection> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = await connectClient(clientTransport);
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** Starts `node entry ...args` and connects a client over its stdio. */
export async function connectStdioCommand(
  entry: string,
  args: readonly string[] = [],
  env: Record<string, string> = {},
  era?: ClientEra,
): Promise<TestConnection> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [entry, ...args],
    env: childEnvironment(env),
    stderr: "pipe",
  });
  const client = await connectClient(transport, era);
  return { client, close: () => client.close() };
}

/** Starts `node entry --transport http --port 0 ...args` and reads its URL from stderr. */
export function startHttpCommand(
  entry: string,
  args: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<HttpProcess> {
  const child = spawn(process.execPath, [entry, "--transport", "http", "--port", "0", ...args], {
    env: childEnvironment(env),
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  return new Promise((resolve, reject) => {
    let stderr = "";
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      stderr += chunk;
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(stderr);
      if (match?.[1]) resolve({ url: match[1], child, stop });
    });
    child.once("exit", (code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
}

/** Connects a client over Streamable HTTP. */
export async function connectHttp(
  url: string,
  headers: Record<string, string> = {},
  era?: ClientEra,
): Promise<TestConnection> {
  const client = await connectClient(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
    era,
  );
  return { client, close: () => client.close() };
}

/** Calls a tool with arguments of any shape (tests send wrong ones on purpose). */
export async function callTool(
  client: Client,
  name: string,
  args: unknown,
): Promise<CallToolResult> {
  return (await client.callTool({
    name,
    arguments: args as Record<string, unknown>,
  })) as CallToolResult;
}

/** The only content item of a result, which must be text. */
export function textOf(result: CallToolResult): string {
  const [first, ...rest] = result.content;
  if (first?.type !== "text" || rest.length > 0) throw new Error("expected exactly one text item");
  return first.text;
}

/** Throws unless the result's one text item is exactly its structured content as JSON. */
export function assertTextMatchesStructured(result: CallToolResult): void {
  if (textOf(result) !== JSON.stringify(result.structuredContent)) {
    throw new Error("text and structured content differ");
  }
}

/** Runs `node entry ...args` to completion with empty stdin (for `--help`, bad flags...). */
export function runCommand(
  entry: string,
  args: readonly string[],
  env: Record<string, string> = {},
): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [entry, ...args], {
    encoding: "utf8",
    env: childEnvironment(env),
    input: "",
  });
}

/** Throws unless the command exited 2 with exactly one stderr line that mentions `flag`. */
export function assertUsageError(result: SpawnSyncReturns<string>, flag: string): void {
  const lines = result.stderr.trim().split("\n");
  if (result.status !== 2 || lines.length !== 1 || !lines[0]?.includes(flag)) {
    throw new Error(
      `expected exit 2 and one line naming ${flag}, got ${result.status}: ${result.stderr}`,
    );
  }
}

/** A JSON-RPC message a command wrote to stdout, as the tests read it. */
export interface StdoutMessage {
  id?: unknown;
  result?: CallToolResult & Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

/**
 * Runs `node entry ...args`, writes `lines` to its stdin (one message or raw line each, then
 * the end of stdin) and reads back every JSON-RPC message it wrote: for requests the SDK's
 * client cannot send (malformed lines, nesting too deep for `JSON.stringify`).
 *
 * @param options - extra environment; flags for node itself (`--import`...); `timeoutMs`, a hang
 *   limit past which the command is killed
 * @returns the messages in the order written, and the command's stderr and exit status
 */
export function runStdioLines(
  entry: string,
  args: readonly string[],
  lines: readonly string[],
  options: { env?: Record<string, string>; nodeArgs?: readonly string[]; timeoutMs?: number } = {},
): { messages: StdoutMessage[]; stderr: string; status: number | null } {
  const child = spawnSync(process.execPath, [...(options.nodeArgs ?? []), entry, ...args], {
    input: `${lines.join("\n")}\n`,
    encoding: "utf8",
    env: childEnvironment(options.env ?? {}),
    maxBuffer: 64 * 1024 * 1024,
    timeout: options.timeoutMs ?? 30_000,
  });
  const text = child.stdout.trim();
  const messages = text === "" ? [] : text.split("\n").map((line) => JSON.parse(line));
  return { messages, stderr: child.stderr, status: child.status };
}

/** The headers a Streamable HTTP `POST /mcp` carries: a JSON body, JSON or SSE accepted. */
export const MCP_POST_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};

/**
 * A raw JSON-RPC `initialize` request, for tests that speak the protocol without the SDK client.
 *
 * @param id - the request id
 * @param clientName - the `clientInfo.name` the server sees
 * @returns the message, ready for `JSON.stringify`
 */
export function initializeRequest(id: string | number = 1, clientName = "raw-test") {
  return {
    jsonrpc: "2.0" as const,
    id,
    method: "initialize" as const,
    params: {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: clientName, version: "1.0.0" },
    },
  };
}

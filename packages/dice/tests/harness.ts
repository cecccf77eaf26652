import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createServer, type DiceServerOptions } from "../src/index.js";

/** The built command, as `npx @tabletop-mcp/dice` runs it. */
export const CLI_ENTRY = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

/** A test client and a way to close both ends. */
export interface Connection {
  client: Client;
  close(): Promise<void>;
}

/**
 * Connects an SDK client to a fresh in-process server over the in-memory transport. The tools
 * are listed first so that the client checks every structured result against its outputSchema.
 */
export async function connectInMemory(options: DiceServerOptions = {}): Promise<Connection> {
  const server = createServer(options);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: "dice-test", version: "1.0.0" });
  await client.connect(clientTransport);
  await client.listTools();
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** Connects an SDK client over stdio to a child process of the built command; lists the tools. */
export async function connectStdio(
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<Connection> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_ENTRY, ...args],
    env: { PATH: process.env.PATH ?? "", ...env },
    stderr: "pipe",
  });
  const client = new Client({ name: "dice-test", version: "1.0.0" });
  await client.connect(transport);
  await client.listTools();
  return { client, close: () => client.close() };
}

/** A child process of the built command serving HTTP on a free port. */
export interface HttpProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the built command with `--transport http --port 0` and reads its URL from stderr. */
export function startHttpProcess(args: string[] = []): Promise<HttpProcess> {
  const child = spawn(
    process.execPath,
    [CLI_ENTRY, "--transport", "http", "--port", "0", ...args],
    { env: { PATH: process.env.PATH ?? "" }, stdio: ["ignore", "ignore", "pipe"] },
  );
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

/** Connects an SDK client over Streamable HTTP; lists the tools. */
export async function connectHttp(url: string): Promise<Connection> {
  const client = new Client({ name: "dice-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  await client.listTools();
  return { client, close: () => client.close() };
}

/** Calls a tool and returns the whole result. */
export async function call(client: Client, name: string, args: unknown): Promise<CallToolResult> {
  return (await client.callTool({
    name,
    arguments: args as Record<string, unknown>,
  })) as CallToolResult;
}

/**
 * Calls a tool that must succeed and returns its structured content, after checking the
 * contract's result shape: one text item holding the same JSON.
 */
export async function callOk(
  client: Client,
  name: string,
  args: unknown,
): Promise<Record<string, unknown>> {
  const result = await call(client, name, args);
  if (result.isError)
    throw new Error(`${name} failed: ${JSON.stringify(result.structuredContent)}`);
  assertTextMatchesStructured(result);
  return result.structuredContent as Record<string, unknown>;
}

/** Throws unless the result carries exactly one text item equal to its structured content. */
export function assertTextMatchesStructured(result: CallToolResult): void {
  const [first, ...rest] = result.content;
  if (first?.type !== "text" || rest.length > 0) throw new Error("expected one text item");
  if (first.text !== JSON.stringify(result.structuredContent)) {
    throw new Error("text and structured content differ");
  }
}

/** The text item of a result, which must be the only content. */
export function textOf(result: CallToolResult): string {
  const [first] = result.content;
  if (first?.type !== "text") throw new Error("expected a text item");
  return first.text;
}

/** A fixed clock for exact timestamps. */
export function fixedClock(iso: string): () => Date {
  return () => new Date(iso);
}

/** The words that make a scripted source show these faces (face − 1, dice.md §4.4). */
export function wordsForFaces(...faces: number[]): number[] {
  return faces.map((face) => face - 1);
}

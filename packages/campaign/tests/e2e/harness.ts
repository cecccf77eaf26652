import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type CallToolResult,
  Client,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

/** The built command. */
export const CLI_ENTRY = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));
/** The built server with scripted dice. */
export const SCRIPTED_ENTRY = fileURLToPath(
  new URL("../fixture/scripted-dice-server.mjs", import.meta.url),
);

/** A fresh temporary directory and a database path inside it; `remove()` deletes both. */
export function temporaryDatabase(): { path: string; remove: () => void } {
  const directory = mkdtempSync(join(tmpdir(), "campaign-test-"));
  return {
    path: join(directory, "campaign.db"),
    remove: () => rmSync(directory, { recursive: true, force: true }),
  };
}

/** A connected SDK client over stdio to a child process of `entry`. */
export async function connectStdio(
  entry: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [entry, ...args],
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: "pipe",
  });
  const client = new Client({ name: "campaign-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/** A server child process listening over HTTP. */
export interface HttpChild {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Spawns `entry --transport http --port 0` and waits for its `listening on` line.
 */
export function spawnHttp(
  entry: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<HttpChild> {
  const child = spawn(process.execPath, [entry, "--transport", "http", "--port", "0", ...args], {
    env: { ...(process.env as Record<string, string>), ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return new Promise((resolve, reject) => {
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match?.[1]) resolve({ url: match[1], child, stop });
    });
    child.once("exit", (code) => reject(new Error(`server exited ${code}: ${stderr}`)));
  });
}

/** A connected SDK client over Streamable HTTP. */
export async function connectHttp(url: string): Promise<Client> {
  const client = new Client({ name: "campaign-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** The structured content of a tool result. */
export function structured(result: unknown): Record<string, unknown> {
  return (result as CallToolResult).structuredContent as Record<string, unknown>;
}

/** Calls a tool and returns its structured content, failing on an error result. */
export async function callOk(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError)
    throw new Error(`${name} failed: ${JSON.stringify(result.structuredContent)}`);
  return structured(result);
}

/** Calls a tool that must fail and returns its error object. */
export async function callError(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name, arguments: args });
  if (!result.isError) throw new Error(`${name} succeeded: ${JSON.stringify(result)}`);
  return structured(result).error as Record<string, unknown>;
}

/** Reads a JSON resource. */
export async function readJson(client: Client, uri: string): Promise<Record<string, unknown>> {
  const result = await client.readResource({ uri });
  const first = result.contents[0];
  if (!first || !("text" in first)) throw new Error(`no text at ${uri}`);
  return JSON.parse(first.text) as Record<string, unknown>;
}

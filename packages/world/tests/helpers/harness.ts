import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import {
  assertTextMatchesStructured,
  callTool as callToolRaw,
  connectInMemory as connectServerInMemory,
  connectStdioCommand,
  type HttpProcess,
  startHttpCommand,
  type TestConnection,
} from "@tabletop-mcp/kit/testing";
import { createServer, type WorldServerOptions } from "../../src/index.js";

export { connectHttp, type HttpProcess } from "@tabletop-mcp/kit/testing";

/** The built command, as `npx @tabletop-mcp/world` runs it. */
export const CLI_ENTRY = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));

/** A test client and a way to close both ends. */
export type Connection = TestConnection;

/** Connects a client to an in-process server; the tools are listed first. */
export function connectInMemory(options: WorldServerOptions): Promise<Connection> {
  return connectServerInMemory(createServer(options));
}

/** Connects a client over stdio to a child process of the built command. */
export function connectStdio(args: string[]): Promise<Connection> {
  return connectStdioCommand(CLI_ENTRY, args);
}

/** A stdio connection that also knows the server's process id, to read its memory use. */
export interface MeasuredConnection extends Connection {
  pid: number;
}

/** Connects a client over stdio to the built command and keeps the child's process id. */
export async function connectStdioMeasured(args: string[]): Promise<MeasuredConnection> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_ENTRY, ...args],
    env: { PATH: process.env.PATH ?? "" },
    stderr: "ignore",
  });
  const client = new Client({ name: "world-test", version: "1.0.0" });
  await client.connect(transport);
  await client.listTools();
  const pid = transport.pid;
  if (pid === null) throw new Error("the server process did not start");
  return { client, pid, close: () => client.close() };
}

/** A process's resident memory in MiB, from /proc (Linux). */
export function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (match === null) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

/** Starts the built command over HTTP on a free port. */
export function startHttpProcess(args: string[]): Promise<HttpProcess> {
  return startHttpCommand(CLI_ENTRY, args);
}

/** What a tool call answered: its payload and whether it was marked as an error. */
export interface ToolAnswer {
  payload: Record<string, unknown>;
  isError: boolean;
}

/**
 * Calls a tool and returns its structured payload, after checking the contract's result
 * shape: one text item holding the same JSON.
 */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<ToolAnswer> {
  const result = await callToolRaw(client, name, args);
  assertTextMatchesStructured(result);
  return {
    payload: result.structuredContent as Record<string, unknown>,
    isError: result.isError === true,
  };
}

import { fileURLToPath } from "node:url";
import type { CallToolResult, Client } from "@modelcontextprotocol/client";
import {
  assertTextMatchesStructured,
  callTool,
  connectHttp,
  connectInMemory as connectServerInMemory,
  connectStdioCommand,
  type HttpProcess,
  startHttpCommand,
  type TestConnection,
} from "@tabletop-mcp/kit/testing";
import { createServer, type DualityServerOptions } from "../src/index.js";

export { assertTextMatchesStructured, connectHttp, type HttpProcess };

/** The built command, as `npx @tabletop-mcp/duality` runs it. */
export const CLI_ENTRY = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

/** A test client and a way to close both ends. */
export type Connection = TestConnection;

/** Connects a client to a fresh in-process server; the tools are listed first. */
export function connectInMemory(options: DualityServerOptions = {}): Promise<Connection> {
  return connectServerInMemory(createServer(options));
}

/** Connects a client over stdio to a child process of the built command. */
export function connectStdio(args: string[] = []): Promise<Connection> {
  return connectStdioCommand(CLI_ENTRY, args);
}

/** Starts the built command over HTTP on a free port. */
export function startHttpProcess(args: string[] = []): Promise<HttpProcess> {
  return startHttpCommand(CLI_ENTRY, args);
}

/** Calls a tool and returns the whole result. */
export function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  return callTool(client, name, args);
}

/**
 * Calls a tool that must succeed and returns its structured content, after checking the
 * result shape of docs/duality.md §2.2: one text item holding the same JSON.
 */
export async function callOk(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const result = await callTool(client, name, args);
  if (result.isError)
    throw new Error(`${name} failed: ${JSON.stringify(result.structuredContent)}`);
  assertTextMatchesStructured(result);
  return result.structuredContent as Record<string, unknown>;
}

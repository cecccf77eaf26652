import { fileURLToPath } from "node:url";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
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

import { fileURLToPath } from "node:url";
import type { Client } from "@modelcontextprotocol/client";
import {
  assertTextMatchesStructured,
  callTool,
  connectInMemory as connectServerInMemory,
  connectStdioCommand,
  type HttpProcess,
  startHttpCommand,
  type TestConnection,
} from "@tabletop-mcp/kit/testing";
import { createServer, type DiceServerOptions } from "../src/index.js";

export {
  assertTextMatchesStructured,
  connectHttp,
  type HttpProcess,
  textOf,
} from "@tabletop-mcp/kit/testing";
export { callTool as call };

/** The built command, as `npx @tabletop-mcp/dice` runs it. */
export const CLI_ENTRY = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

/** A test client and a way to close both ends. */
export type Connection = TestConnection;

/** Connects a client to a fresh in-process server; the tools are listed first. */
export function connectInMemory(options: DiceServerOptions = {}): Promise<Connection> {
  return connectServerInMemory(createServer(options));
}

/** Connects a client over stdio to a child process of the built command. */
export function connectStdio(
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<Connection> {
  return connectStdioCommand(CLI_ENTRY, args, env);
}

/** Starts the built command over HTTP on a free port. */
export function startHttpProcess(args: string[] = []): Promise<HttpProcess> {
  return startHttpCommand(CLI_ENTRY, args);
}

/**
 * Calls a tool that must succeed and returns its structured content, after checking the
 * result shape of docs/dice.md §1: one text item holding the same JSON.
 */
export async function callOk(
  client: Client,
  name: string,
  args: unknown,
): Promise<Record<string, unknown>> {
  const result = await callTool(client, name, args);
  if (result.isError)
    throw new Error(`${name} failed: ${JSON.stringify(result.structuredContent)}`);
  assertTextMatchesStructured(result);
  return result.structuredContent as Record<string, unknown>;
}

/** A fixed clock for exact timestamps. */
export function fixedClock(iso: string): () => Date {
  return () => new Date(iso);
}

/** The words that make a scripted source show these faces (face − 1, docs/dice.md §4.4). */
export function wordsForFaces(...faces: number[]): number[] {
  return faces.map((face) => face - 1);
}

/**
 * The gateway in stdio mode driven by raw JSON-RPC lines, for tests that must choose their own
 * request ids or control stdin themselves (the SDK client picks ids from 0 and, on close,
 * signals the child instead of only closing its stdin).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { initializeRequest } from "@tabletop-mcp/kit/testing";
import { GATEWAY_ENTRY, trackPid, waitFor } from "./gateway.js";

/** One JSON-RPC message as it appeared on the gateway's stdout. */
export interface RawMessage {
  jsonrpc: "2.0";
  id?: string | number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

/** A stdio gateway child spoken to line by line. */
export interface RawStdioGateway {
  child: ChildProcess;
  pid: number;
  /** Every message received, in arrival order. */
  messages: RawMessage[];
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  send(message: Record<string, unknown>): void;
  /** Sends a request with this id and resolves with the response carrying the same id. */
  request(id: number, method: string, params?: Record<string, unknown>): Promise<RawMessage>;
  /** Closes the gateway's stdin (EOF), nothing more. */
  endInput(): void;
}

/** Spawns `tabletop-gateway ...args` in stdio mode without any client library in between. */
export function spawnRawStdioGateway(args: readonly string[]): RawStdioGateway {
  const child = spawn(process.execPath, [GATEWAY_ENTRY, ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  if (child.pid === undefined) throw new Error("gateway did not start");
  trackPid(child.pid);
  const messages: RawMessage[] = [];
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  lines.on("line", (line) => {
    if (line.trim().length > 0) messages.push(JSON.parse(line) as RawMessage);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const send = (message: Record<string, unknown>) => {
    child.stdin?.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
  };
  const request = async (id: number, method: string, params: Record<string, unknown> = {}) => {
    send({ id, method, params });
    let response: RawMessage | undefined;
    await waitFor(
      () => {
        response = messages.find((message) => message.id === id && message.method === undefined);
        return response !== undefined;
      },
      `response ${id} to ${method}`,
      30_000,
      10,
    );
    return response as RawMessage;
  };
  return {
    child,
    pid: child.pid,
    messages,
    stderr: () => stderr,
    exited,
    send,
    request,
    endInput: () => child.stdin?.end(),
  };
}

/** Performs the MCP handshake with request id `id`. */
export async function initializeRaw(gateway: RawStdioGateway, id: number): Promise<RawMessage> {
  const response = await gateway.request(id, "initialize", initializeRequest(id).params);
  gateway.send({ method: "notifications/initialized" });
  return response;
}

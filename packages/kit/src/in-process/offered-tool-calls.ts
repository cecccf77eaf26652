import type { Server } from "@modelcontextprotocol/server";
import type { ToolCallHandler } from "../tool-call-handler.js";

const offered = new WeakMap<Server, ToolCallHandler>();

/**
 * Offers a server's `tools/call` handler to in-process connections, which then call it
 * themselves instead of passing each call through the server's transport: the same handler a
 * message would reach, minus a JSON-RPC round trip that costs more than a dice roll.
 *
 * @param server - the server the handler is registered on
 * @param handler - that handler
 */
export function offerToolCalls(server: Server, handler: ToolCallHandler): void {
  offered.set(server, handler);
}

/** The `tools/call` handler a server offers in-process connections, if any. */
export function offeredToolCalls(server: Server): ToolCallHandler | undefined {
  return offered.get(server);
}

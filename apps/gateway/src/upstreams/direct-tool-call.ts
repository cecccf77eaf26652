import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type {
  JSONRPCRequest,
  Result,
  ServerNotification,
  ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";

/** The downstream request's extra, as the gateway's session server received it. */
export type DownstreamExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

type Handler = (request: JSONRPCRequest, extra: DownstreamExtra) => Promise<Result>;

/** Calls an in-process server's `tools/call` handler without a protocol round trip. */
export type DirectToolCall = (request: JSONRPCRequest, extra: DownstreamExtra) => Promise<Result>;

/**
 * The `tools/call` handler registered on an in-process server, so the gateway can invoke it
 * directly: the same handler (and the SDK's request and result checks around it) a message
 * through the in-memory transport would reach, minus the second JSON-RPC round trip, which
 * would cost more than the whole call. `undefined` if the SDK keeps its handlers elsewhere,
 * in which case calls go through the transport.
 *
 * @param server - a connected in-process server
 * @returns the direct call, or `undefined`
 */
export function directToolCall(server: Server): DirectToolCall | undefined {
  const handlers = (server as unknown as { _requestHandlers?: unknown })._requestHandlers;
  if (!(handlers instanceof Map)) return undefined;
  const handler = handlers.get("tools/call") as Handler | undefined;
  return typeof handler === "function" ? handler : undefined;
}

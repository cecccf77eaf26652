import type { Server } from "@modelcontextprotocol/server";
import { isInputRequiredResult, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { ProtocolError } from "../request-params.js";
import type { ToolCallHandler } from "../tool-call-handler.js";

/**
 * The in-process fast path of a kit server's `tools/call`: the server's own call handler, which
 * an in-process connection given it runs each tool call in directly instead of passing the call
 * through the server's transport. The handler is the one a message would reach (the same
 * argument validation, answer limit and error mapping), minus a JSON-RPC round trip that costs
 * more than a dice roll.
 *
 * Where it comes from: `createKitServer` returns a `KitServer`, whose `directToolCalls` is this
 * object, and the caller hands it to `InProcessConnection.open(server, client, handlers,
 * server.directToolCalls)`. A connection opened without it sends tool calls through the
 * transport like every other request.
 */
export interface DirectToolCalls {
  /** The server the handler belongs to: requests a tool makes of the client go through it. */
  readonly server: Server;
  /** Answers a `tools/call` from its params and the context a transport would have given it. */
  readonly handler: ToolCallHandler;
}

/**
 * The fast path of a server whose `tools/call` handler is `handler`. No SDK sits between a
 * direct call and the handler to serve a tool's request for input from the client (a 2026-07-28
 * client's retry, or the legacy shim), so such a request fails clearly, as an internal error
 * naming the tool, rather than reaching the caller as a result.
 *
 * @param server - the server `handler` is registered on
 * @param handler - its `tools/call` handler
 */
export function directToolCalls(server: Server, handler: ToolCallHandler): DirectToolCalls {
  return {
    server,
    handler: async (params, extra) => {
      const result = await handler(params, extra);
      if (!isInputRequiredResult(result)) return result;
      throw new ProtocolError(
        ProtocolErrorCode.InternalError,
        `Tool ${String(params.name)} asked the client for input (input_required), which a direct in-process call cannot serve; connect through a transport instead`,
      );
    },
  };
}

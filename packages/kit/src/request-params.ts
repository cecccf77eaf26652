import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { Protocol } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { ErrorCode, type Result } from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod";
import type { ServerRequestExtra } from "./tool-call-handler.js";
import { isJsonObject } from "./validation/describe-value.js";

/**
 * A JSON-RPC error a request is answered with: its code, its data, and a message that is only
 * the sentence (the SDK's `McpError` puts `MCP error CODE:` in front of its own message, and a
 * client's SDK adds that prefix again when it rebuilds the error).
 */
export class ProtocolError extends Error {
  override readonly name = "ProtocolError";

  /**
   * @param code - the JSON-RPC error code
   * @param message - what is wrong, for the client
   * @param data - extra fields for the error's `data`
   */
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/**
 * Registers a request handler that reads the request's params itself. The SDK's own handlers
 * parse params with the method's schema first, and answer a malformed request (`uri` missing,
 * a numeric `cursor`) with `-32603 Internal error` and the schema library's issue list as the
 * message; these answer `-32602` with one sentence naming the field (docs/contract.md §5.6).
 *
 * @param server - the server to answer on
 * @param method - the request's method, e.g. `resources/read`
 * @param read - reads the params (an object, `{}` when absent), throwing {@link ProtocolError}
 * @param handler - answers the request from what `read` returned
 */
export function onRequest<Params>(
  server: Server,
  method: string,
  read: (params: Readonly<Record<string, unknown>>) => Params,
  handler: (params: Params, extra: ServerRequestExtra) => Result | Promise<Result>,
): void {
  const schema = z.object({ method: z.literal(method), params: z.unknown().optional() });
  Protocol.prototype.setRequestHandler.call(
    server,
    schema,
    (request: z.output<typeof schema>, extra: ServerRequestExtra) => {
      const params = request.params ?? {};
      if (!isJsonObject(params)) {
        throw new ProtocolError(ErrorCode.InvalidParams, "params must be an object");
      }
      return handler(read(params), extra);
    },
  );
}

/** The `uri` of a resource request. */
export function uriParam(params: Readonly<Record<string, unknown>>): { uri: string } {
  if (typeof params.uri !== "string") {
    throw new ProtocolError(ErrorCode.InvalidParams, "params.uri must be a string");
  }
  return { uri: params.uri };
}

/** The optional `cursor` of a list request. */
export function cursorParam(params: Readonly<Record<string, unknown>>): { cursor?: string } {
  const cursor = params.cursor;
  if (cursor === undefined || cursor === null) return {};
  if (typeof cursor !== "string") {
    throw new ProtocolError(ErrorCode.InvalidParams, "params.cursor must be a string");
  }
  return { cursor };
}

import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { Protocol, type RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type {
  CallToolResult,
  ServerNotification,
  ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod";
import { isJsonObject } from "./validation/describe-value.js";

/** The extra the SDK passes to a server's request handlers. */
export type ServerRequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** A `tools/call` handler that reads the request's params itself. */
export type ToolCallHandler = (
  params: Readonly<Record<string, unknown>>,
  extra: ServerRequestExtra,
) => Promise<CallToolResult>;

/** Only the method is checked; the params travel untouched, as the client sent them. */
const ToolCallRequestSchema = z.object({
  method: z.literal("tools/call"),
  params: z.unknown().optional(),
});

/**
 * Registers the `tools/call` handler without the SDK's `CallToolRequestSchema` parse, which
 * `Server.setRequestHandler` forces on that method. That parse copies `arguments` key by key,
 * so an own `__proto__` key vanishes (or, holding an object, becomes the arguments' prototype
 * and lends them inherited parameters), and it answers non-object arguments with a bare
 * protocol error. The kit validates the arguments itself, so they must arrive unparsed.
 */
export function setToolCallHandler(server: Server, handler: ToolCallHandler): void {
  Protocol.prototype.setRequestHandler.call(
    server,
    ToolCallRequestSchema,
    (request: z.output<typeof ToolCallRequestSchema>, extra: ServerRequestExtra) =>
      handler(isJsonObject(request.params) ? request.params : {}, extra),
  );
}

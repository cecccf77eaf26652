import type {
  CallToolResult,
  InputRequiredResult,
  Server,
  ServerContext,
} from "@modelcontextprotocol/server";
import { withForwardedIdentity } from "./auth/forwarded-identity.js";
import { UNPARSED_PARAMS } from "./unparsed-params.js";
import { isJsonObject } from "./validation/describe-value.js";

/** The context the SDK passes to a server's request handlers. */
export type ServerRequestExtra = ServerContext;

/**
 * A `tools/call` handler that reads the request's params itself. It answers with the tool's
 * result, or with the tool's request for input from the client, which the SDK serves: a
 * 2026-07-28 client answers and retries, a 2025 session is served by the SDK's legacy shim.
 */
export type ToolCallHandler = (
  params: Readonly<Record<string, unknown>>,
  extra: ServerRequestExtra,
) => Promise<CallToolResult | InputRequiredResult>;

/**
 * Registers the `tools/call` handler without the SDK's `CallToolRequestSchema` parse, which
 * the method-only form of `setRequestHandler` applies. That parse copies `arguments` key by
 * key, so an own `__proto__` key vanishes (or, holding an object, becomes the arguments'
 * prototype and lends them inherited parameters). The kit validates the arguments itself, so
 * they must arrive unparsed: the schema-bundle form with {@link UNPARSED_PARAMS} hands them over
 * as the client sent them.
 */
export function setToolCallHandler(server: Server, handler: ToolCallHandler): void {
  server.setRequestHandler("tools/call", UNPARSED_PARAMS, (params, extra) =>
    handler(isJsonObject(params) ? params : {}, withForwardedIdentity(server, params, extra)),
  );
}

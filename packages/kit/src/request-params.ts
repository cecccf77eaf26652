import type { Result, Server } from "@modelcontextprotocol/server";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { withForwardedIdentity } from "./auth/forwarded-identity.js";
import type { ServerRequestExtra } from "./tool-call-handler.js";
import { UNPARSED_PARAMS } from "./unparsed-params.js";
import { isJsonObject } from "./validation/describe-value.js";

/**
 * A JSON-RPC error a request is answered with: its code, its data, and a message that is only
 * the sentence. The SDK's own class, so that the SDK answers it as is.
 */
export { ProtocolError };

/**
 * Registers a request handler that reads the request's params itself. The SDK's own handlers
 * parse params with the method's schema first, and answer a malformed request (`uri` missing,
 * a numeric `cursor`) with `-32603 Internal error` and the schema library's issue list as the
 * message; these answer `-32602` with one sentence naming the field (docs/contract.md §5.6).
 * They use the SDK's schema-bundle form of `setRequestHandler` with {@link UNPARSED_PARAMS}.
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
  server.setRequestHandler(method, UNPARSED_PARAMS, (raw, extra) => {
    const params = raw ?? {};
    if (!isJsonObject(params)) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, "params must be an object");
    }
    return handler(read(params), withForwardedIdentity(server, params, extra));
  });
}

/**
 * The longest `uri` a resource request may name, in UTF-16 code units: far above any URI the
 * servers serve, and small enough that a session's subscriptions stay small (docs/contract.md
 * §7.8).
 */
export const MAX_URI_LENGTH = 2_048;

/**
 * The `uri` of a resource request.
 *
 * @throws ProtocolError `-32602` when it is not a string, or longer than {@link MAX_URI_LENGTH}
 */
export function uriParam(params: Readonly<Record<string, unknown>>): { uri: string } {
  const uri = params.uri;
  if (typeof uri !== "string") {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, "params.uri must be a string");
  }
  if (uri.length > MAX_URI_LENGTH) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `params.uri must be at most ${MAX_URI_LENGTH.toLocaleString("en-US")} characters; this one has ${uri.length.toLocaleString("en-US")}`,
      { max_uri_length: MAX_URI_LENGTH },
    );
  }
  return { uri };
}

/** The most resources one session may be subscribed to at once (docs/contract.md §7.8). */
export const MAX_SUBSCRIPTIONS = 1_000;

/**
 * Refuses a subscription that would take a session past {@link MAX_SUBSCRIPTIONS}. A URI the
 * session is already subscribed to takes no more room.
 *
 * @param subscribed - the URIs the session is subscribed to now (a set, or a map keyed by them)
 * @param uri - the URI it asks for
 * @throws ProtocolError `-32602` naming the limit
 */
export function admitSubscription(
  subscribed: Pick<ReadonlySet<string>, "has" | "size">,
  uri: string,
): void {
  if (subscribed.has(uri) || subscribed.size < MAX_SUBSCRIPTIONS) return;
  throw new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `a session may be subscribed to at most ${MAX_SUBSCRIPTIONS.toLocaleString("en-US")} resources; unsubscribe from one first`,
    { max_subscriptions: MAX_SUBSCRIPTIONS },
  );
}

/** The optional `cursor` of a list request. */
export function cursorParam(params: Readonly<Record<string, unknown>>): { cursor?: string } {
  const cursor = params.cursor;
  if (cursor === undefined || cursor === null) return {};
  if (typeof cursor !== "string") {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, "params.cursor must be a string");
  }
  return { cursor };
}

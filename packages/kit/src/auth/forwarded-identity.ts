import type {
  AuthInfo,
  JSONRPCMessage,
  Server,
  ServerContext,
  Transport,
} from "@modelcontextprotocol/server";
import { isJsonObject } from "../validation/describe-value.js";
import { scopesNeeded } from "./request-scopes.js";
import { grantsScope, isScopeToken } from "./scopes.js";

/** The `_meta` keys in which a tabletop gateway tells a trusted upstream who is calling. */
export const FORWARDED_META_KEYS = Object.freeze({
  subject: "tabletop/subject",
  scopes: "tabletop/scopes",
  name: "tabletop/name",
});

/** Every `_meta` key of this prefix is the gateway's to set; a client's own are dropped. */
export const FORWARDED_META_PREFIX = "tabletop/";

/**
 * The experimental capability a server declares when it takes its callers from a gateway's
 * `_meta`, so that the gateway can tell which of its stdio upstreams know each caller.
 */
export const FORWARDED_IDENTITY_CAPABILITY = "tabletop/forwarded-identity";

/**
 * The experimental capability a server declares when it keeps a gateway's subscriptions per
 * caller and tags each filtered `notifications/resources/updated` with
 * `_meta["tabletop/subject"]`, the one caller it is for (docs/gateway.md §4.5), so that the
 * gateway may end one caller's subscription without ending the others'.
 */
export const SUBJECT_UPDATES_CAPABILITY = "tabletop/subject-updates";

/** Marks a server that takes its callers from a gateway's `_meta` (see `declareForwardedIdentity`). */
const FORWARDED = Symbol.for("@tabletop-mcp/kit/forwarded-identity");

/**
 * The context a request handler of `server` works with: the SDK's own, except that a server
 * trusting a gateway sees the caller the gateway forwarded in the request's `_meta` as
 * `ctx.http.authInfo`, whichever transport or era carried the request.
 *
 * @param server - the server the handler is registered on
 * @param params - the request's params, as sent
 * @param ctx - the SDK's context of the request
 */
export function withForwardedIdentity(
  server: object,
  params: unknown,
  ctx: ServerContext,
): ServerContext {
  if ((server as { [FORWARDED]?: boolean })[FORWARDED] !== true) return ctx;
  return { ...ctx, http: { ...ctx.http, authInfo: forwardedAuthInfo(params) } };
}

/** JSON-RPC code of a refused request, as the HTTP layer's 403 body carries it. */
const FORBIDDEN = -32000;

/**
 * The caller a gateway named in a request's `_meta`, as the SDK's `authInfo`. A request that
 * names nobody gets the empty subject, which no auth mode issues, and no scope: it owns
 * nothing and may do nothing a scope guards, and it is never the local user.
 *
 * @param params - the request's params
 * @returns the `authInfo` its handlers see
 */
export function forwardedAuthInfo(params: unknown): AuthInfo {
  const meta = isJsonObject(params) && isJsonObject(params._meta) ? params._meta : {};
  const subject = meta[FORWARDED_META_KEYS.subject];
  if (typeof subject !== "string" || subject === "") {
    return { token: "", clientId: "", scopes: [], extra: { sub: "" } };
  }
  const scopes = meta[FORWARDED_META_KEYS.scopes];
  const name = meta[FORWARDED_META_KEYS.name];
  return {
    token: "",
    clientId: "",
    scopes: Array.isArray(scopes)
      ? scopes.filter((scope): scope is string => typeof scope === "string" && isScopeToken(scope))
      : [],
    extra: typeof name === "string" && name !== "" ? { sub: subject, name } : { sub: subject },
  };
}

/**
 * Makes a server declare {@link FORWARDED_IDENTITY_CAPABILITY} and
 * {@link SUBJECT_UPDATES_CAPABILITY} (its process's hub tells callers apart). Call before
 * `connect()`.
 *
 * @param server - the session's server
 */
export function declareForwardedIdentity(server: Server): void {
  Object.defineProperty(server, FORWARDED, { value: true, configurable: true });
  server.registerCapabilities({
    experimental: { [FORWARDED_IDENTITY_CAPABILITY]: {}, [SUBJECT_UPDATES_CAPABILITY]: {} },
  });
}

/**
 * Installs itself between a connected transport and its server: a request whose scope the
 * forwarded caller lacks (see {@link forwardedAuthInfo}) is refused before any handler runs,
 * as the HTTP layer refuses it (docs/auth.md §4); the handlers themselves see that caller
 * through {@link withForwardedIdentity}. Call once the transport's receiver is set.
 *
 * @param server - the connection's server once built (its declared scopes are checked); none
 *   is built before the connection's first message, which needs no scope
 * @param transport - its connected transport
 */
export function takeForwardedIdentity(
  server: () => Server | undefined,
  transport: Transport,
): void {
  const deliver = transport.onmessage;
  if (!deliver) throw new Error("takeForwardedIdentity needs a connected transport");
  transport.onmessage = (message: JSONRPCMessage, extra) => {
    if (!("method" in message) || !("id" in message)) {
      deliver(message, extra);
      return;
    }
    const authInfo = forwardedAuthInfo(message.params);
    const serving = server();
    const missing = (serving ? scopesNeeded(serving, message) : []).filter(
      (scope) => !grantsScope(authInfo.scopes, scope),
    );
    if (missing.length === 0) {
      deliver(message, extra);
      return;
    }
    const error = {
      code: FORBIDDEN,
      message: `Forbidden: this request needs the scope ${missing.join(" ")}, which the caller does not hold`,
    };
    transport.send({ jsonrpc: "2.0", id: message.id, error }).catch(() => undefined);
  };
}

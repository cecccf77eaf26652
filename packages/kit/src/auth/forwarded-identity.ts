import type { AuthInfo, JSONRPCMessage, Server, Transport } from "@modelcontextprotocol/server";
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
  server.registerCapabilities({
    experimental: { [FORWARDED_IDENTITY_CAPABILITY]: {}, [SUBJECT_UPDATES_CAPABILITY]: {} },
  });
}

/**
 * Installs itself between a connected transport and its server: each request reaches the
 * handlers with the caller the gateway forwarded (see {@link forwardedAuthInfo}), and a
 * request whose scope the caller lacks is refused before any handler runs, as the HTTP layer
 * refuses it (docs/auth.md §4). Call right after `server.connect(transport)`.
 *
 * @param server - the session's server (its declared scopes are checked)
 * @param transport - its connected transport
 */
export function takeForwardedIdentity(server: Server, transport: Transport): void {
  const deliver = transport.onmessage;
  if (!deliver) throw new Error("takeForwardedIdentity needs a connected transport");
  transport.onmessage = (message: JSONRPCMessage, extra) => {
    if (!("method" in message) || !("id" in message)) {
      deliver(message, extra);
      return;
    }
    const authInfo = forwardedAuthInfo(message.params);
    const missing = scopesNeeded(server, message).filter(
      (scope) => !grantsScope(authInfo.scopes, scope),
    );
    if (missing.length === 0) {
      deliver(message, { ...extra, authInfo });
      return;
    }
    const error = {
      code: FORBIDDEN,
      message: `Forbidden: this request needs the scope ${missing.join(" ")}, which the caller does not hold`,
    };
    transport.send({ jsonrpc: "2.0", id: message.id, error }).catch(() => undefined);
  };
}

import type { AuthInfo, Request } from "@modelcontextprotocol/server";
import {
  FORWARDED_META_KEYS,
  FORWARDED_META_PREFIX,
  identityFromAuthInfo,
} from "@tabletop-mcp/kit/auth";
import type { Upstream } from "../upstreams/upstream.js";

/**
 * The `_meta` an upstream is sent: the client's own, less every `tabletop/` key (those are
 * the gateway's to set), plus, for an upstream whose entry says `trusted`, the caller's
 * subject, scopes and name (docs/gateway.md §4.5).
 *
 * @param meta - the `_meta` the client sent, if any
 * @param upstream - where the request goes
 * @param caller - the caller's `authInfo` (none over stdio or without auth: the local user)
 * @returns the `_meta` to send, or `undefined` when nothing is left
 */
export function upstreamMeta(
  meta: unknown,
  upstream: Upstream,
  caller: AuthInfo | undefined,
): Record<string, unknown> | undefined {
  const kept: Record<string, unknown> = {};
  if (typeof meta === "object" && meta !== null && !Array.isArray(meta)) {
    for (const [key, value] of Object.entries(meta)) {
      if (!key.startsWith(FORWARDED_META_PREFIX)) kept[key] = value;
    }
  }
  if (upstream.entry.trusted) {
    const identity = identityFromAuthInfo(caller);
    kept[FORWARDED_META_KEYS.subject] = identity.subject;
    kept[FORWARDED_META_KEYS.scopes] = [...identity.scopes];
    if (identity.name !== undefined) kept[FORWARDED_META_KEYS.name] = identity.name;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/**
 * A request as an upstream is sent it: its params' `_meta` replaced by {@link upstreamMeta}.
 *
 * @param request - method and params, names already the upstream's
 * @param upstream - where it goes
 * @param caller - the caller's `authInfo`
 * @returns the request to send
 */
export function withCallerMeta(
  request: Request,
  upstream: Upstream,
  caller: AuthInfo | undefined,
): Request {
  const { _meta: given, ...params } = (request.params ?? {}) as Record<string, unknown>;
  const meta = upstreamMeta(given, upstream, caller);
  return { ...request, params: meta === undefined ? params : { ...params, _meta: meta } };
}

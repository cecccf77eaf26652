/**
 * The scopes of the tabletop servers: what a token must grant for each kind of request. Tools
 * and resources name the one they need; `tools/list` shows every tool whatever the token grants.
 */
export const SCOPES = {
  "tabletop:play": "dice, duality and world tools (read-only or stateless)",
  "campaign:read": "campaign reads: *_get, *_list, campaign resources and subscriptions",
  "campaign:write": "every campaign tool that writes (grants campaign:read too)",
  "gateway:admin": "gateway://stats and the health endpoint's details",
} as const;

/** One of the tabletop scopes. */
export type Scope = keyof typeof SCOPES;

/** Every tabletop scope, in the order of {@link SCOPES}. */
export const ALL_SCOPES: readonly Scope[] = Object.freeze(Object.keys(SCOPES) as Scope[]);

/** Scopes that grant others besides themselves: writing a campaign includes reading it. */
const IMPLIED: Readonly<Record<string, readonly string[]>> = {
  "campaign:write": ["campaign:read"],
};

/**
 * Whether granted scopes cover a needed one, directly or through a scope that implies it.
 *
 * @param granted - the scopes of a token (any strings: upstreams may define their own)
 * @param needed - the scope a request needs
 * @returns `true` when the request may go ahead
 */
export function grantsScope(granted: readonly string[], needed: string): boolean {
  return granted.some((scope) => scope === needed || IMPLIED[scope]?.includes(needed) === true);
}

/** A scope token as RFC 6749 §3.3 spells it: printable ASCII without space, `"` or `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/**
 * Whether a string may be used as one scope.
 *
 * @param scope - a candidate scope
 * @returns `true` for a non-empty RFC 6749 scope token
 */
export function isScopeToken(scope: string): boolean {
  return SCOPE_TOKEN.test(scope);
}

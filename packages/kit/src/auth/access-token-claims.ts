import type { AuthInfo } from "@modelcontextprotocol/server";
import { findHiddenCharacter } from "../validation/hidden-characters.js";

/** The claims of an access token (a JWT's payload or an introspection answer) the kit reads. */
export interface AccessTokenClaims {
  readonly sub?: unknown;
  readonly scope?: unknown;
  readonly scp?: unknown;
  readonly client_id?: unknown;
  readonly azp?: unknown;
  readonly exp?: unknown;
  readonly name?: unknown;
}

/**
 * The scopes a token grants: the space-separated `scope` claim (RFC 9068, RFC 7662), else
 * `scp`, which some providers send as an array or a string.
 *
 * @param claims - the token's claims
 * @returns the scopes, possibly none
 */
export function scopesOf(claims: AccessTokenClaims): string[] {
  const raw = claims.scope ?? claims.scp;
  if (typeof raw === "string") return raw.split(" ").filter((scope) => scope !== "");
  if (Array.isArray(raw)) return raw.filter((scope): scope is string => typeof scope === "string");
  return [];
}

/**
 * The display name a token's `name` claim gives, if it is one a view may show: a name hiding a
 * control, invisible format or bidirectional character is dropped, not the token, since the
 * subject alone still says who the holder is (docs/auth.md §1, "Subjects").
 */
function shownName(name: unknown): string | undefined {
  if (typeof name !== "string" || name === "") return undefined;
  return findHiddenCharacter(name) === undefined ? name : undefined;
}

/**
 * What tools learn about the holder of a checked access token.
 *
 * @param token - the token as sent
 * @param claims - its verified claims; `sub` must be a non-empty string
 * @param resource - the resource identifier the token was checked for
 * @returns the SDK's `authInfo`
 */
export function claimsAuthInfo(
  token: string,
  claims: AccessTokenClaims & { sub: string },
  resource: string,
): AuthInfo {
  const clientId = typeof claims.client_id === "string" ? claims.client_id : claims.azp;
  const extra: Record<string, unknown> = { sub: claims.sub };
  const name = shownName(claims.name);
  if (name !== undefined) extra.name = name;
  return {
    token,
    clientId: typeof clientId === "string" ? clientId : "",
    scopes: scopesOf(claims),
    ...(typeof claims.exp === "number" ? { expiresAt: claims.exp } : {}),
    resource: new URL(resource),
    extra,
  };
}

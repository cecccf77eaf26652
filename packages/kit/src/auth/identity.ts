import type { AuthInfo } from "@modelcontextprotocol/server";
import { ALL_SCOPES } from "./scopes.js";
import { providerSubject } from "./subject-namespace.js";

/** Who is calling a tool or reading a resource. */
export interface CallerIdentity {
  /**
   * The caller: an OAuth token's `sub`, a token table row's `sub`, `token` for whoever holds
   * the shared `--auth-token`, `local` over stdio and over HTTP without auth.
   */
  readonly subject: string;
  /** A display name, when the token carries one (the OAuth `name` claim). */
  readonly name?: string;
  /** The OAuth client the token was issued to, when known. */
  readonly clientId?: string;
  /** What the caller may do; `local` and `token` hold every tabletop scope. */
  readonly scopes: readonly string[];
}

/** The process owner: the caller over stdio and over HTTP without auth. */
export const LOCAL_IDENTITY: CallerIdentity = Object.freeze({
  subject: "local",
  scopes: ALL_SCOPES,
});

/**
 * The identity of a request, from the SDK's `authInfo` the HTTP layer attached to it. Without
 * one the caller is {@link LOCAL_IDENTITY}. The subject is `extra.sub`; an `authInfo` made by
 * other middleware without one names its client instead, mapped as a provider's subject is.
 *
 * @param authInfo - `extra.authInfo` of a request handler
 * @returns the caller's identity
 */
export function identityFromAuthInfo(authInfo: AuthInfo | undefined): CallerIdentity {
  if (!authInfo) return LOCAL_IDENTITY;
  const sub = authInfo.extra?.sub;
  const name = authInfo.extra?.name;
  return {
    subject: typeof sub === "string" && sub !== "" ? sub : providerSubject(authInfo.clientId),
    ...(typeof name === "string" && name !== "" ? { name } : {}),
    ...(authInfo.clientId !== "" ? { clientId: authInfo.clientId } : {}),
    scopes: [...authInfo.scopes],
  };
}

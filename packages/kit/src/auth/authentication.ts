import type { AuthInfo } from "@modelcontextprotocol/server";

/** What the credentials of one request came to. */
export type Authentication =
  /** The server asks for no credentials (mode none). */
  | { readonly kind: "open" }
  /** Credentials are required and none were sent. */
  | { readonly kind: "missing" }
  /** A token was sent and accepted. `subject` is set when the token names a user. */
  | { readonly kind: "valid"; readonly authInfo: AuthInfo; readonly subject?: string }
  /** A token was sent and refused; `reason` is safe to show (it never repeats the token). */
  | { readonly kind: "invalid"; readonly reason: string }
  /** The token could not be checked: the authorization server did not answer. */
  | { readonly kind: "unavailable"; readonly reason: string };

/** Checks the credentials of requests in one of the auth modes. */
export interface Authenticator {
  readonly mode: "none" | "token" | "table" | "oauth";
  /** Whether requests need the scope their tool or resource declares (token table and OAuth). */
  readonly enforcesScopes: boolean;
  /**
   * Checks a request's `Authorization` header (only the header: tokens in query strings are
   * never read).
   */
  authenticate(authorization: string | undefined): Promise<Authentication>;
}

/**
 * The credentials of a `Bearer` authorization header, or `undefined` for a missing header or
 * any other scheme. The scheme matches in any case (RFC 9110 makes auth schemes
 * case-insensitive, and some clients send `bearer`).
 *
 * @param authorization - the header's value
 * @returns the token
 */
export function bearerCredentials(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  const match = /^([^\s]+)[ \t]+(.*)$/s.exec(authorization);
  if (match?.[1]?.toLowerCase() !== "bearer") return undefined;
  const token = match[2]?.trim();
  return token === "" ? undefined : token;
}

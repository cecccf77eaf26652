/** One row of a token table: a token known only by its SHA-256, and who holds it. */
export interface TokenTableRow {
  /** Lower-case hex SHA-256 of the token's UTF-8 bytes. */
  readonly sha256: string;
  readonly sub: string;
  readonly scopes: readonly string[];
  /** A display name for the holder. */
  readonly name?: string;
}

/** How an OAuth 2.1 resource server finds and checks its tokens. */
export interface OAuthSettings {
  /** The authorization server's issuer identifier (`iss` of its tokens). */
  readonly issuer: string;
  /** The audience tokens must name, when it is not the resource identifier. */
  readonly audience?: string;
  /** The JWKS to verify signatures with, when not the one the issuer's metadata names. */
  readonly jwksUrl?: string;
  /** RFC 7662 introspection for opaque tokens, with this server's client credentials. */
  readonly introspection?: {
    readonly url?: string;
    readonly clientId: string;
    readonly clientSecret: string;
  };
}

/**
 * The four ways an HTTP server admits requests: nobody but loopback callers (`none`), the
 * holder of one shared token, the holders of a token table, or OAuth 2.1 access tokens.
 */
export type AuthSettings =
  | { readonly mode: "none" }
  | { readonly mode: "token"; readonly token: string }
  | { readonly mode: "table"; readonly rows: readonly TokenTableRow[] }
  | { readonly mode: "oauth"; readonly oauth: OAuthSettings };

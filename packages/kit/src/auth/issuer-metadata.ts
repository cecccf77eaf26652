import * as z from "zod";

/** What a resource server needs from its authorization server's metadata. */
export interface IssuerMetadata {
  readonly issuer: string;
  readonly jwksUri?: string;
  readonly introspectionEndpoint?: string;
  readonly tokenEndpoint?: string;
}

const MetadataSchema = z.looseObject({
  issuer: z.string(),
  jwks_uri: z.string().optional(),
  introspection_endpoint: z.string().optional(),
  token_endpoint: z.string().optional(),
});

/** How long one metadata request may take. */
const FETCH_TIMEOUT_MS = 10_000;

/**
 * The well-known URLs of an issuer's metadata, in the order to try: RFC 8414 (the well-known
 * segment goes before the issuer's path), then OpenID Connect Discovery (appended after it).
 *
 * @param issuer - the issuer identifier
 * @returns the URLs to try
 */
export function metadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/+$/, "");
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

/**
 * Fetches an issuer's metadata (RFC 8414, falling back to OpenID Connect Discovery) and
 * checks that it names the same issuer (RFC 8414 §3.3), so that one server cannot speak for
 * another.
 *
 * @param issuer - the issuer identifier
 * @param fetchImpl - the fetch to use (the global one by default)
 * @returns the metadata
 * @throws Error when neither document is served or the one served names another issuer
 */
export async function discoverIssuer(
  issuer: string,
  fetchImpl: typeof fetch = fetch,
): Promise<IssuerMetadata> {
  const failures: string[] = [];
  for (const url of metadataUrls(issuer)) {
    const response = await fetchImpl(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    }).catch((error: unknown) => error as Error);
    if (response instanceof Error) {
      failures.push(`${url}: ${response.message}`);
      continue;
    }
    if (!response.ok) {
      failures.push(`${url}: HTTP ${response.status}`);
      continue;
    }
    const parsed = MetadataSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new Error(`${url} is not authorization server metadata`);
    if (parsed.data.issuer !== issuer) {
      throw new Error(`${url} names the issuer ${parsed.data.issuer}, not ${issuer}`);
    }
    return {
      issuer,
      ...(parsed.data.jwks_uri ? { jwksUri: parsed.data.jwks_uri } : {}),
      ...(parsed.data.introspection_endpoint
        ? { introspectionEndpoint: parsed.data.introspection_endpoint }
        : {}),
      ...(parsed.data.token_endpoint ? { tokenEndpoint: parsed.data.token_endpoint } : {}),
    };
  }
  throw new Error(`no metadata for issuer ${issuer} (${failures.join("; ")})`);
}

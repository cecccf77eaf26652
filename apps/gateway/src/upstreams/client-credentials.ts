import type { FetchLike } from "@modelcontextprotocol/server";
import { registerSecret } from "@tabletop-mcp/kit";
import { discoverIssuer } from "@tabletop-mcp/kit/auth";
import type { ClientCredentialsAuth } from "../config/upstream-auth.js";

/** A token is renewed this long before the expiry its issuer announced. */
const EXPIRY_MARGIN_MS = 30_000;
/** Used when the token endpoint says nothing of expiry. */
const DEFAULT_LIFETIME_MS = 300_000;
const FETCH_TIMEOUT_MS = 10_000;

/** Thrown when the gateway cannot get a token for an upstream; its message names no secret. */
export class UpstreamCredentialsError extends Error {
  override readonly name = "UpstreamCredentialsError";
}

/** The gateway's access tokens for one upstream. */
export interface TokenSource {
  /** A token valid for a while yet: the cached one, or a new one. */
  token(): Promise<string>;
  /** Forgets the cached token (the upstream refused it), so the next call fetches another. */
  invalidate(token: string): void;
}

/**
 * Tokens of the OAuth client credentials grant (RFC 6749 §4.4) for one upstream, asked of its
 * token endpoint (given, or found in the issuer's metadata) with HTTP Basic client
 * authentication, for the upstream's resource (RFC 8707). Each token is cached until shortly
 * before it expires and registered with the redactor, so it never reaches a log.
 *
 * @param auth - the upstream's `auth` entry
 * @param upstreamUrl - the upstream's URL: the resource when `auth.resource` is absent
 * @returns the token source
 */
export function clientCredentialsSource(
  auth: ClientCredentialsAuth,
  upstreamUrl: string,
): TokenSource {
  let cached: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;
  const endpoint = async () =>
    auth.tokenUrl ?? (await discoverIssuer(auth.issuer ?? "")).tokenEndpoint ?? missingEndpoint();
  const fetchToken = async (): Promise<string> => {
    const granted = await requestToken(await endpoint(), auth, auth.resource ?? upstreamUrl);
    registerSecret(granted.token);
    cached = { token: granted.token, renewAt: Date.now() + granted.lifetimeMs - EXPIRY_MARGIN_MS };
    return granted.token;
  };
  return {
    token() {
      if (cached && Date.now() < cached.renewAt) return Promise.resolve(cached.token);
      pending ??= fetchToken().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    invalidate(token) {
      if (cached?.token === token) cached = undefined;
    },
  };
}

function missingEndpoint(): never {
  throw new UpstreamCredentialsError("the issuer's metadata names no token_endpoint");
}

async function requestToken(
  url: string,
  auth: ClientCredentialsAuth,
  resource: string,
): Promise<{ token: string; lifetimeMs: number }> {
  const basic = Buffer.from(
    `${encodeURIComponent(auth.clientId)}:${encodeURIComponent(auth.clientSecret)}`,
  ).toString("base64");
  const body = new URLSearchParams({ grant_type: "client_credentials", resource });
  if (auth.scope !== undefined) body.set("scope", auth.scope);
  const response = await fetch(url, {
    method: "POST",
    headers: {
      authorization: `Basic ${basic}`,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    body,
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  }).catch(() => undefined);
  if (!response) throw new UpstreamCredentialsError(`the token endpoint ${url} did not answer`);
  const answer = (await response.json().catch(() => ({}))) as {
    access_token?: unknown;
    expires_in?: unknown;
    error?: unknown;
  };
  if (!response.ok || typeof answer.access_token !== "string") {
    const reason = typeof answer.error === "string" ? answer.error : `HTTP ${response.status}`;
    throw new UpstreamCredentialsError(`the token endpoint ${url} refused the gateway (${reason})`);
  }
  const seconds = typeof answer.expires_in === "number" ? answer.expires_in : undefined;
  return {
    token: answer.access_token,
    lifetimeMs: seconds === undefined ? DEFAULT_LIFETIME_MS : seconds * 1000,
  };
}

/**
 * A fetch that sends the gateway's own bearer token with every request to the upstream and,
 * when the upstream answers 401, fetches a new token and tries once more. The client's own
 * token never travels here: the gateway's downstream `Authorization` header is not forwarded.
 *
 * @param base - the fetch to wrap
 * @param source - the upstream's tokens
 * @returns the authorizing fetch
 */
export function authorizedFetch(base: FetchLike, source: TokenSource): FetchLike {
  const send = async (url: string | URL, init: RequestInit | undefined, token: string) => {
    const headers = new Headers(init?.headers);
    headers.set("authorization", `Bearer ${token}`);
    return base(url, { ...init, headers });
  };
  return async (url, init) => {
    const token = await source.token();
    const response = await send(url, init, token);
    if (response.status !== 401) return response;
    await response.body?.cancel();
    source.invalidate(token);
    return send(url, init, await source.token());
  };
}

import * as z from "zod";
import type { AccessTokenClaims } from "./access-token-claims.js";
import { sha256 } from "./digest.js";

/** Where and as whom to introspect tokens (RFC 7662). */
export interface IntrospectionSettings {
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

/** What introspection said of one token. */
export type IntrospectionOutcome =
  | { readonly claims: AccessTokenClaims & { aud?: unknown; iss?: unknown } }
  | { readonly reason: string; readonly unavailable: boolean };

const AnswerSchema = z.looseObject({ active: z.boolean() });

/** How many answers are kept at most; the oldest is dropped past it. */
const MAX_CACHED = 10_000;
const FETCH_TIMEOUT_MS = 10_000;

/**
 * Introspects opaque tokens with the server's client credentials (HTTP Basic, RFC 7662 §2.1).
 * An active token's answer is cached (by the token's SHA-256, never the token) until its
 * `exp`; an answer without `exp` and every inactive answer are not cached.
 *
 * @param settings - endpoint and credentials
 * @param now - seconds since the epoch (the system clock by default)
 * @returns the introspection of one token
 */
export function createIntrospection(
  settings: IntrospectionSettings,
  now: () => number = () => Date.now() / 1000,
): (token: string) => Promise<IntrospectionOutcome> {
  const cache = new Map<string, { claims: AccessTokenClaims; exp: number }>();
  const basic = Buffer.from(
    `${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`,
  ).toString("base64");
  return async (token) => {
    const key = sha256(token).toString("hex");
    const cached = cache.get(key);
    if (cached && cached.exp > now()) return { claims: cached.claims };
    cache.delete(key);
    const answer = await ask(settings.url, basic, token);
    if ("reason" in answer) return answer;
    const { claims } = answer;
    if (typeof claims.exp === "number") {
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
      cache.set(key, { claims, exp: claims.exp });
    }
    return answer;
  };
}

async function ask(url: string, basic: string, token: string): Promise<IntrospectionOutcome> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      authorization: `Basic ${basic}`,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    body: new URLSearchParams({ token, token_type_hint: "access_token" }),
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  }).catch(() => undefined);
  if (!response?.ok) {
    return { reason: "the introspection endpoint did not answer", unavailable: true };
  }
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = AnswerSchema.safeParse(body);
  if (!parsed.success) {
    return { reason: "the introspection endpoint answered nonsense", unavailable: true };
  }
  if (!parsed.data.active) return { reason: "the token is not active", unavailable: false };
  return { claims: parsed.data as AccessTokenClaims };
}

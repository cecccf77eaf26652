import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from "jose";

/** How a remote key set is kept. */
export interface KeySetTiming {
  /** The shortest time between two fetches caused by tokens with an unknown `kid`. */
  readonly unknownKidCooldownMs: number;
  /** Keys older than this are fetched again before use, to follow rotations and revocations. */
  readonly maxAgeMs: number;
}

const FETCH_TIMEOUT_MS = 10_000;

/**
 * The issuer's signing keys, fetched from its JWKS URL on first use and kept. A token whose
 * `kid` is not among them makes the set fetch the keys again, at most once per cooldown, so
 * that a rotated key is found without letting a stream of forged `kid`s hammer the issuer. The
 * first fetch is not a refresh: a token with an unknown `kid` right after it still refreshes.
 *
 * @param url - the JWKS URL
 * @param timing - cooldown and maximum age
 * @returns a key lookup for `jwtVerify`
 */
export function createRefreshingKeySet(url: string, timing: KeySetTiming): JWTVerifyGetKey {
  let keys: { lookup: JWTVerifyGetKey; fetchedAt: number } | undefined;
  let loading: Promise<JWTVerifyGetKey> | undefined;
  let lastRefresh = Number.NEGATIVE_INFINITY;
  const load = (): Promise<JWTVerifyGetKey> => {
    loading ??= fetchKeySet(url)
      .then((jwks) => {
        keys = { lookup: createLocalJWKSet(jwks), fetchedAt: Date.now() };
        return keys.lookup;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
  return async (header, token) => {
    const fresh = keys && Date.now() - keys.fetchedAt < timing.maxAgeMs;
    const lookup = fresh && keys ? keys.lookup : await load();
    try {
      return await lookup(header, token);
    } catch (error) {
      const mayRefresh = Date.now() - lastRefresh >= timing.unknownKidCooldownMs;
      if (!(error instanceof errors.JWKSNoMatchingKey) || !mayRefresh) throw error;
      lastRefresh = Date.now();
      return (await load())(header, token);
    }
  };
}

async function fetchKeySet(url: string): Promise<JSONWebKeySet> {
  const response = await fetch(url, {
    headers: { accept: "application/json" },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`the JWKS at ${url} answered HTTP ${response.status}`);
  const body = (await response.json()) as Partial<JSONWebKeySet>;
  if (!Array.isArray(body.keys)) throw new errors.JWKSInvalid("the JWKS has no keys array");
  return body as JSONWebKeySet;
}

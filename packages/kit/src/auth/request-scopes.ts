import { isJsonObject } from "../validation/describe-value.js";

/** The scope one request needs, by method and params; `undefined` when it needs none. */
export type ScopeOfRequest = (
  method: string,
  params: Readonly<Record<string, unknown>>,
) => string | undefined;

/** The methods whose scope is checked before a handler runs; listing is open to every token. */
const CHECKED_METHODS = new Set(["tools/call", "resources/read", "resources/subscribe"]);

interface Declared {
  readonly scopeOf: ScopeOfRequest;
  readonly scopes: readonly string[];
}

const declared = new WeakMap<object, Declared>();

/**
 * Tells the HTTP layer which scope each request to a server needs, so that a request a token
 * does not cover is refused (403) before any handler runs.
 *
 * @param server - a session's server
 * @param scopeOf - the scope of a `tools/call`, `resources/read` or `resources/subscribe`
 * @param scopes - every scope `scopeOf` may answer, for the protected resource metadata
 */
export function declareRequestScopes(
  server: object,
  scopeOf: ScopeOfRequest,
  scopes: readonly string[],
): void {
  declared.set(server, { scopeOf, scopes });
}

/**
 * Every scope a server's requests may need, as it declared them.
 *
 * @param server - a server built by the kit (or one that declared its scopes)
 * @returns the scopes, empty when it declared none
 */
export function declaredScopes(server: object): readonly string[] {
  return declared.get(server)?.scopes ?? [];
}

/**
 * The scopes the requests of a POST body need, in order, without repeats.
 *
 * @param server - the session's server
 * @param body - one JSON-RPC message or a batch
 * @returns the needed scopes (empty when none is needed or the server declared none)
 */
export function scopesNeeded(server: object, body: unknown): string[] {
  const scopeOf = declared.get(server)?.scopeOf;
  if (!scopeOf) return [];
  const needed: string[] = [];
  for (const message of Array.isArray(body) ? body : [body]) {
    if (!isJsonObject(message) || typeof message.method !== "string") continue;
    if (!CHECKED_METHODS.has(message.method) || !("id" in message)) continue;
    const params = isJsonObject(message.params) ? message.params : {};
    const scope = scopeOf(message.method, params);
    if (scope !== undefined && !needed.includes(scope)) needed.push(scope);
  }
  return needed;
}

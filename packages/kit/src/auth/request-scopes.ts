import { isJsonObject } from "../validation/describe-value.js";

/** The scopes one request needs, by method and params; none when it needs none. */
export type ScopeOfRequest = (
  method: string,
  params: Readonly<Record<string, unknown>>,
) => readonly string[];

/** The methods whose scope is checked before a handler runs; listing is open to every token. */
const CHECKED_METHODS = new Set(["tools/call", "resources/read", "resources/subscribe"]);

interface Declared {
  readonly scopeOf: ScopeOfRequest;
  readonly scopes: readonly string[];
}

/**
 * Where a server keeps its declaration: a registered symbol, so that a server built by one
 * copy of the kit is understood by the HTTP layer of another (a bundled command, a test that
 * mixes built and source modules).
 */
const DECLARED = Symbol.for("@tabletop-mcp/kit/request-scopes");

type Declaring = { [DECLARED]?: Declared };

/**
 * Tells the HTTP layer which scope each request to a server needs, so that a request a token
 * does not cover is refused (403) before any handler runs.
 *
 * @param server - a session's server
 * @param scopeOf - the scopes of a `tools/call`, `resources/read` or `resources/subscribe`
 * @param scopes - every scope `scopeOf` may answer, for the protected resource metadata
 */
export function declareRequestScopes(
  server: object,
  scopeOf: ScopeOfRequest,
  scopes: readonly string[],
): void {
  Object.defineProperty(server, DECLARED, { value: { scopeOf, scopes }, configurable: true });
}

/**
 * Every scope a server's requests may need, as it declared them.
 *
 * @param server - a server built by the kit (or one that declared its scopes)
 * @returns the scopes, empty when it declared none
 */
export function declaredScopes(server: object): readonly string[] {
  return (server as Declaring)[DECLARED]?.scopes ?? [];
}

/**
 * The scopes the requests of a POST body need, in order, without repeats.
 *
 * @param server - the session's server
 * @param body - one JSON-RPC message or a batch
 * @returns the needed scopes (empty when none is needed or the server declared none)
 */
export function scopesNeeded(server: object, body: unknown): string[] {
  const scopeOf = (server as Declaring)[DECLARED]?.scopeOf;
  if (!scopeOf) return [];
  const needed: string[] = [];
  for (const message of Array.isArray(body) ? body : [body]) {
    if (!isJsonObject(message) || typeof message.method !== "string") continue;
    if (!CHECKED_METHODS.has(message.method) || !("id" in message)) continue;
    const params = isJsonObject(message.params) ? message.params : {};
    for (const scope of scopeOf(message.method, params)) {
      if (!needed.includes(scope)) needed.push(scope);
    }
  }
  return needed;
}

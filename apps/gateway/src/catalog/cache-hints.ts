import type { Result } from "@modelcontextprotocol/server";
import type { Upstream } from "../upstreams/upstream.js";

/** The 2026-07-28 results that say how long they may be kept, and by whom. */
export type CachedMethod =
  | "tools/list"
  | "prompts/list"
  | "resources/templates/list"
  | "resources/list"
  | "resources/read";

const CACHED_METHODS: ReadonlySet<string> = new Set<CachedMethod>([
  "tools/list",
  "prompts/list",
  "resources/templates/list",
  "resources/list",
  "resources/read",
]);

/** Whether a method's 2026-07-28 results carry a cache hint. */
export function isCachedMethod(method: string): method is CachedMethod {
  return CACHED_METHODS.has(method);
}

/**
 * A 2026-07-28 result of the gateway with its cache hint: an aggregated list's (see
 * {@link aggregatedHint}); a read's as its upstream gave it, else "not kept, not shared" (the
 * gateway's statistics included). The tools of a tier below `deep` move in and out of it with
 * their latency at any time (docs/gateway.md §10): that list is not kept.
 */
export function withCacheHint(
  method: CachedMethod,
  result: Result,
  context: { upstreams: readonly Upstream[]; tier: string },
): Result {
  const hint =
    method === "resources/read"
      ? (hintOf(result as Record<string, unknown>) ?? UNSAID)
      : method === "tools/list" && context.tier !== "deep"
        ? UNSAID
        : aggregatedHint(method, context.upstreams);
  return { ...result, ttlMs: hint.ttlMs, cacheScope: hint.cacheScope };
}

/** How long a result may be kept (`ttlMs`) and whether a cache may share it between users. */
export interface CacheHint {
  ttlMs: number;
  cacheScope: "public" | "private";
}

/** What a result that says nothing may be taken for: not kept, not shared. */
export const UNSAID: Readonly<CacheHint> = Object.freeze({ ttlMs: 0, cacheScope: "private" });

/**
 * How long a list no upstream contributes to may be kept: an hour, as the kit keeps lists that
 * never change while the process runs; an upstream that comes later is announced on listen
 * streams (docs/gateway.md §7.5).
 */
const EMPTY_LIST_HINT: Readonly<CacheHint> = Object.freeze({
  ttlMs: 3_600_000,
  cacheScope: "public",
});

/**
 * The hint a result of one upstream carried, when it carried a valid one.
 * @param result - a 2026-07-28 result
 */
export function hintOf(result: Readonly<Record<string, unknown>>): CacheHint | undefined {
  const { ttlMs, cacheScope } = result;
  if (typeof ttlMs !== "number" || !Number.isInteger(ttlMs) || ttlMs < 0) return undefined;
  if (cacheScope !== "public" && cacheScope !== "private") return undefined;
  return { ttlMs, cacheScope };
}

/** The most conservative of two hints: the shorter time, private if either is. */
export function stricter(a: CacheHint, b: CacheHint): CacheHint {
  return {
    ttlMs: Math.min(a.ttlMs, b.ttlMs),
    cacheScope: a.cacheScope === "private" || b.cacheScope === "private" ? "private" : "public",
  };
}

/**
 * The hint of one of the gateway's aggregated lists (docs/gateway.md §5.5): the most
 * conservative of those of the upstreams whose items it holds (a list of the catalog keeps a
 * down upstream's last listing; resources are asked of the serving ones), an upstream that gave
 * none counting as "not kept, not shared". Some lists depend on who asks whatever their parts
 * say, and are private: resource lists (builtins and trusted upstreams list what the caller may
 * read), and tool lists when an upstream that is not a builtin may offer different tools to
 * clients of different capabilities (docs/gateway.md §4.5).
 *
 * @param method - the list
 * @param upstreams - every upstream of the gateway
 */
export function aggregatedHint(method: CachedMethod, upstreams: readonly Upstream[]): CacheHint {
  let hint: CacheHint | undefined;
  for (const upstream of upstreams) {
    if (!contributes(upstream, method)) continue;
    const part = upstream.cacheHint(method) ?? UNSAID;
    hint = hint ? stricter(hint, part) : part;
  }
  const result = hint ?? EMPTY_LIST_HINT;
  const perCaller =
    method === "resources/list" ||
    (method === "tools/list" && upstreams.some((upstream) => upstream.offersPerClient));
  return perCaller ? { ...result, cacheScope: "private" } : result;
}

/** Whether an upstream's items are part of a list the gateway answers. */
function contributes(upstream: Upstream, method: CachedMethod): boolean {
  const listing = upstream.listing;
  if (!listing) return false;
  switch (method) {
    case "tools/list":
      return listing.tools.length > 0;
    case "prompts/list":
      return listing.prompts.length > 0;
    case "resources/templates/list":
      return listing.resourceTemplates.length > 0;
    case "resources/list":
      return (
        upstream.isServing() &&
        Boolean(listing.capabilities.resources) &&
        !listing.missing.includes(method)
      );
    case "resources/read":
      return false;
  }
}

import {
  ProtocolErrorCode,
  type Resource,
  ResourceNotFoundError,
  type Result,
} from "@modelcontextprotocol/server";
import { admitSubscription, uriParam } from "@tabletop-mcp/kit";
import type { Upstream } from "../upstreams/upstream.js";
import { describeError } from "../upstreams/upstream-failure.js";
import { ProtocolError } from "./protocol-error.js";
import type { DownstreamExtra, SessionContext } from "./session-context.js";
import { matchesTemplate, schemeOf } from "./uri-template.js";

/** The URI of the gateway's own statistics resource. */
export const STATS_URI = "gateway://stats";

const STATS_LISTING: Resource = {
  uri: STATS_URI,
  name: "gateway-stats",
  title: "Gateway statistics",
  description: "Upstream health and per-tool latency statistics of this gateway",
  mimeType: "application/json",
};

/**
 * Answers `resources/list`: asks every serving upstream with resources at once, merges their
 * answers in config order, keeping each URI with the upstream that offered it first since the
 * gateway started (docs/gateway.md §5.4), remembers which upstream listed each URI for this
 * session, and adds the gateway's statistics. An upstream that fails is left out, not an error.
 */
export async function listResources(
  session: SessionContext,
  _params: Record<string, unknown>,
  extra: DownstreamExtra,
): Promise<Result> {
  const { host } = session;
  const serving = host.upstreams.filter(
    (upstream) => upstream.isServing() && listsResources(upstream),
  );
  const answers = await Promise.all(
    serving.map((upstream) =>
      session.forwarding.forward(upstream, { method: "resources/list", params: {} }, extra).then(
        (result) => (result as { resources?: Resource[] }).resources ?? [],
        (error: unknown) => {
          host.logger.warn(`resources/list of "${upstream.name}" failed: ${describeError(error)}`);
          return [] as Resource[];
        },
      ),
    ),
  );
  const routes = new Map<string, Upstream>();
  const resources: Resource[] = [];
  serving.forEach((upstream, index) => {
    for (const resource of answers[index] ?? []) {
      const claim = host.catalog.claimResource(resource.uri, upstream);
      if (claim.problem) host.withheld(claim.problem);
      if (claim.owner !== upstream || routes.has(resource.uri)) continue;
      routes.set(resource.uri, upstream);
      resources.push(resource);
    }
  });
  session.routes = routes;
  resources.push(STATS_LISTING);
  return { resources };
}

/** Answers `resources/templates/list` from the catalog. */
export async function listTemplates(session: SessionContext): Promise<Result> {
  const { catalog, upstreams } = session.host;
  const resourceTemplates = upstreams.flatMap((upstream) =>
    (upstream.listing?.resourceTemplates ?? []).filter(
      (template) => catalog.templates.get(template.uriTemplate) === upstream,
    ),
  );
  return { resourceTemplates };
}

/** Answers `resources/read`: the statistics, or the upstream that serves the URI. */
export async function readResource(
  session: SessionContext,
  params: Record<string, unknown>,
  extra: DownstreamExtra,
): Promise<Result> {
  const uri = uriOf(params);
  if (uri === STATS_URI) {
    const text = session.host.statsResource();
    return { contents: [{ uri, mimeType: "application/json", text }] };
  }
  const upstream = requireRoute(uri, route(session, uri));
  return session.forwarding.forward(upstream, { method: "resources/read", params }, extra);
}

/**
 * Answers `resources/subscribe` through the upstream that serves the URI: once per URI for
 * all sessions on a shared connection, the session's own otherwise.
 */
export async function subscribe(
  session: SessionContext,
  params: Record<string, unknown>,
  extra: DownstreamExtra,
): Promise<Result> {
  const uri = subscribable(uriParam(params).uri);
  admitSubscription(session.subscriptions, uri);
  const upstream = requireRoute(uri, route(session, uri));
  if (!upstream.capabilities?.resources?.subscribe) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Upstream "${upstream.name}" does not support resource subscriptions`,
    );
  }
  if (session.link(upstream).shared) await session.host.sharedSubscribe(upstream, uri, session);
  else await session.forwarding.forward(upstream, { method: "resources/subscribe", params }, extra);
  session.subscriptions.set(uri, upstream);
  return {};
}

/** Answers `resources/unsubscribe` through the upstream the subscription went to. */
export async function unsubscribe(
  session: SessionContext,
  params: Record<string, unknown>,
  extra: DownstreamExtra,
): Promise<Result> {
  const uri = subscribable(uriParam(params).uri);
  const upstream = requireRoute(uri, session.subscriptions.get(uri) ?? route(session, uri));
  session.subscriptions.delete(uri);
  if (session.link(upstream).shared) await session.host.sharedUnsubscribe(upstream, uri, session);
  else
    await session.forwarding.forward(upstream, { method: "resources/unsubscribe", params }, extra);
  return {};
}

/**
 * The upstream that serves a URI: the first to list it since the gateway started, even while
 * it is down (docs/gateway.md §5.4), else the first with a template matching it, else the
 * first that listed anything with the same scheme (docs/gateway.md §7.1).
 */
export function route(session: SessionContext, uri: string): Upstream | undefined {
  const { catalog, upstreams } = session.host;
  const owner = catalog.resourceOwner(uri);
  if (owner) return owner;
  for (const [template, upstream] of catalog.templates) {
    if (matchesTemplate(template, uri)) return upstream;
  }
  const scheme = schemeOf(uri);
  if (scheme === undefined) return undefined;
  return upstreams.find((upstream) => {
    const listing = upstream.listing;
    if (!listing) return false;
    const uris = [
      ...listing.resources.map((resource) => resource.uri),
      ...listing.resourceTemplates.map((template) => template.uriTemplate),
      ...[...session.routes].filter(([, owner]) => owner === upstream).map(([listed]) => listed),
    ];
    return uris.some((candidate) => schemeOf(candidate) === scheme);
  });
}

function uriOf(params: Record<string, unknown>): string {
  if (typeof params.uri !== "string") {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, "params.uri must be a string");
  }
  return params.uri;
}

function subscribable(uri: string): string {
  if (uri === STATS_URI) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${STATS_URI} is not subscribable`);
  }
  return uri;
}

function requireRoute(uri: string, upstream: Upstream | undefined): Upstream {
  // The SDK answers a resource miss -32602 with data.uri (it never sends -32002 any more).
  if (!upstream) throw new ResourceNotFoundError(uri, "Resource not found");
  return upstream;
}

/**
 * Whether a session's `resources/list` asks this upstream: it declared resources and did not
 * answer the catalog's `resources/list` with Method not found (docs/gateway.md §4.4).
 */
function listsResources(upstream: Upstream): boolean {
  const listing = upstream.listing;
  return Boolean(listing?.capabilities.resources) && !listing?.missing.includes("resources/list");
}

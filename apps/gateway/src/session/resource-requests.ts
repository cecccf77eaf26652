import {
  ProtocolErrorCode,
  type ReadResourceResult,
  type Resource,
  ResourceNotFoundError,
  type Result,
} from "@modelcontextprotocol/server";
import { admitSubscription, uriParam } from "@tabletop-mcp/kit";
import { exposedReadResult } from "../catalog/exposed-uris.js";
import { exposedUri, originalUri } from "../catalog/names.js";
import type { Upstream } from "../upstreams/upstream.js";
import { describeError } from "../upstreams/upstream-failure.js";
import { asksForInput, openRound, roundAnswers, sealInputRequest } from "./input-rounds.js";
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

/** Where a client's resource URI goes: the upstream, and the URI as that upstream knows it. */
export interface ResourceRoute {
  readonly upstream: Upstream;
  readonly uri: string;
}

/**
 * Answers `resources/list`: asks every serving upstream with resources at once, merges their
 * answers in config order under their exposed URIs (docs/gateway.md §5.1), keeping each URI
 * with the upstream that offered it first since the gateway started (docs/gateway.md §5.4),
 * remembers which upstream listed each URI for this session, and adds the gateway's
 * statistics. An upstream that fails is left out, not an error.
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
      const uri = exposedUri(upstream.entry.prefix, resource.uri);
      const claim = host.catalog.claimResource(uri, upstream);
      if (claim.problem) host.withheld(claim.problem);
      if (claim.owner !== upstream || routes.has(uri)) continue;
      routes.set(uri, upstream);
      resources.push(uri === resource.uri ? resource : { ...resource, uri });
    }
  });
  session.routes = routes;
  resources.push(STATS_LISTING);
  return { resources };
}

/** Answers `resources/templates/list` from the catalog, each template as exposed. */
export async function listTemplates(session: SessionContext): Promise<Result> {
  const { catalog, upstreams } = session.host;
  const resourceTemplates = upstreams.flatMap((upstream) =>
    (upstream.listing?.resourceTemplates ?? []).flatMap((template) => {
      const uriTemplate = exposedUri(upstream.entry.prefix, template.uriTemplate);
      if (catalog.templates.get(uriTemplate) !== upstream) return [];
      return [uriTemplate === template.uriTemplate ? template : { ...template, uriTemplate }];
    }),
  );
  return { resourceTemplates };
}

/**
 * Answers `resources/read`: the statistics, or the upstream that serves the URI, asked with
 * its own URI and answering under the client's.
 */
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
  const { upstream, uri: own } = requireRoute(uri, route(session, uri));
  // An upstream's input_required goes to the client sealed, as for tools (docs/gateway.md §7.6).
  const { inputResponses: _answers, requestState: _state, ...asked } = params;
  const round = openRound(uri, extra);
  const request = {
    method: "resources/read",
    params: { ...asked, uri: own, ...(round ? roundAnswers(round, extra) : {}) },
  };
  const result = await session.forwarding.forward(upstream, request, extra, {
    allowInputRequired: true,
  });
  if (asksForInput(result)) return sealInputRequest(session, uri, result, round, extra);
  return exposedReadResult(upstream.entry.prefix, result as ReadResourceResult);
}

/**
 * Answers `resources/subscribe` through the upstream that serves the URI, with its own URI:
 * once per URI for all sessions on a shared connection, the session's own otherwise. The
 * session remembers the URI as the client wrote it.
 */
export async function subscribe(
  session: SessionContext,
  params: Record<string, unknown>,
  extra?: DownstreamExtra,
): Promise<Result> {
  const uri = subscribable(uriParam(params).uri);
  admitSubscription(session.subscriptions, uri);
  const { upstream, uri: own } = requireRoute(uri, route(session, uri));
  if (!upstream.capabilities?.resources?.subscribe) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Upstream "${upstream.name}" does not support resource subscriptions`,
    );
  }
  if (session.link(upstream).shared) await session.host.sharedSubscribe(upstream, own, session);
  else {
    const request = { method: "resources/subscribe", params: { ...params, uri: own } };
    await session.forwarding.forward(upstream, request, extra);
  }
  session.subscriptions.set(uri, upstream);
  return {};
}

/** Answers `resources/unsubscribe` through the upstream the subscription went to. */
export async function unsubscribe(
  session: SessionContext,
  params: Record<string, unknown>,
  extra?: DownstreamExtra,
): Promise<Result> {
  const uri = subscribable(uriParam(params).uri);
  const subscribed = session.subscriptions.get(uri);
  const { upstream, uri: own } = requireRoute(
    uri,
    subscribed ? routeTo(subscribed, uri) : route(session, uri),
  );
  session.subscriptions.delete(uri);
  if (session.link(upstream).shared) await session.host.sharedUnsubscribe(upstream, own, session);
  else {
    const request = { method: "resources/unsubscribe", params: { ...params, uri: own } };
    await session.forwarding.forward(upstream, request, extra);
  }
  return {};
}

/**
 * Where a client's URI goes (docs/gateway.md §7.1): to the upstream that listed it first since
 * the gateway started, even while it is down (docs/gateway.md §5.4); else to the first with a
 * template matching it, else to the first that listed anything with the same scheme. Those
 * two look first at the prefixed upstreams whose `PREFIX__` the URI carries (the longest
 * prefix first), then at those without a prefix, so a prefixed server's URIs never reach an
 * unprefixed one whose template happens to match them too.
 */
export function route(session: SessionContext, uri: string): ResourceRoute | undefined {
  const { catalog } = session.host;
  const owner = catalog.resourceOwner(uri);
  if (owner) return routeTo(owner, uri);
  const candidates = claimants(session.host.upstreams, uri);
  const matching = new Set<Upstream>();
  for (const [template, upstream] of catalog.templates) {
    if (matchesTemplate(template, uri)) matching.add(upstream);
  }
  const byTemplate = candidates.find((candidate) => matching.has(candidate.upstream));
  if (byTemplate) return byTemplate;
  return candidates.find((candidate) => {
    const scheme = schemeOf(candidate.uri);
    if (scheme === undefined) return false;
    return listedUris(session, candidate.upstream).some((listed) => schemeOf(listed) === scheme);
  });
}

/** The route of a URI to an upstream known to serve it (it listed or was subscribed to it). */
export function routeTo(upstream: Upstream, uri: string): ResourceRoute | undefined {
  const own = originalUri(upstream.entry.prefix, uri);
  return own === undefined ? undefined : { upstream, uri: own };
}

/**
 * The upstreams a URI may belong to, each with its own URI for it: the prefixed ones whose
 * `PREFIX__` it carries, the longest prefix first, then every one without a prefix, in config
 * order.
 */
function claimants(upstreams: readonly Upstream[], uri: string): ResourceRoute[] {
  const length = (route: ResourceRoute) => route.upstream.entry.prefix?.length ?? -1;
  return upstreams
    .flatMap((upstream) => routeTo(upstream, uri) ?? [])
    .sort((a, b) => length(b) - length(a));
}

/** The upstream's own URIs and templates it listed, and those this session saw from it. */
function listedUris(session: SessionContext, upstream: Upstream): string[] {
  const listing = upstream.listing;
  if (!listing) return [];
  const seen = [...session.routes]
    .filter(([, owner]) => owner === upstream)
    .flatMap(([listed]) => originalUri(upstream.entry.prefix, listed) ?? []);
  return [
    ...listing.resources.map((resource) => resource.uri),
    ...listing.resourceTemplates.map((template) => template.uriTemplate),
    ...seen,
  ];
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

function requireRoute(uri: string, found: ResourceRoute | undefined): ResourceRoute {
  // The SDK answers a resource miss -32602 with data.uri (it never sends -32002 any more).
  if (!found) throw new ResourceNotFoundError(uri, "Resource not found");
  return found;
}

/**
 * Whether a session's `resources/list` asks this upstream: it declared resources and did not
 * answer the catalog's `resources/list` with Method not found (docs/gateway.md §4.4).
 */
function listsResources(upstream: Upstream): boolean {
  const listing = upstream.listing;
  return Boolean(listing?.capabilities.resources) && !listing?.missing.includes("resources/list");
}

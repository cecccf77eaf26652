import {
  Client,
  type ClientCapabilities,
  type Implementation,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type PriorDiscovery,
  type Prompt,
  ProtocolError,
  ProtocolErrorCode,
  type Request,
  type RequestOptions,
  type Resource,
  type ResourceTemplateType,
  type Result,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  type ServerCapabilities,
  type Tool,
  type Transport,
} from "@modelcontextprotocol/client";
import { type CachedMethod, type CacheHint, hintOf, stricter } from "../catalog/cache-hints.js";
import { TaskLane } from "./task-lane.js";
import { type ListenOptions, UpstreamConnection } from "./upstream-connection.js";

export { PASSTHROUGH_RESULT } from "./upstream-connection.js";

/** What a connection reports to its owner. */
export interface ConnectionEvents {
  /** A notification from the upstream other than progress (the SDK routes that per request). */
  notification(notification: JSONRPCNotification): void;
  /** A request from the upstream to the client (sampling, elicitation, roots). */
  request?(request: JSONRPCRequest, signal: AbortSignal): Promise<Result>;
  /** The connection ended (child exit, transport closed). */
  closed(): void;
}

/** How a connection introduces itself upstream. */
export interface ClientIdentity {
  clientInfo: Implementation;
  capabilities: ClientCapabilities;
}

/** An upstream's catalog as its lists said at connect (or at the last re-list). */
export interface UpstreamListing {
  tools: Tool[];
  prompts: Prompt[];
  resourceTemplates: ResourceTemplateType[];
  resources: Resource[];
  instructions: string | undefined;
  capabilities: ServerCapabilities;
  /**
   * Optional list methods the upstream answered with `-32601` Method not found although it
   * declared their capability; each was taken as an empty list (docs/gateway.md §4.4).
   */
  missing: OptionalList[];
  /**
   * The cache hints its lists carried (a 2026-07-28 upstream's), the most conservative of their
   * pages; absent for a list whose pages did not all carry one.
   */
  cacheHints: Partial<Record<CachedMethod, CacheHint>>;
}

/** The list methods an upstream may lack: without them it still serves its tools. */
export type OptionalList = "prompts/list" | "resources/templates/list" | "resources/list";

/** What listing an upstream needs of a connection: requests, and what its handshake said. */
export interface ListingSource {
  request(request: Request, options: RequestOptions): Promise<Result>;
  readonly serverCapabilities: ServerCapabilities;
  readonly instructions: string | undefined;
}

const MAX_PAGES = 100;

/**
 * How a connection learns its upstream's protocol era (docs/gateway.md §4.6): by probing with
 * `server/discover`, bounded by `probeTimeoutMs`, or from the verdict of an earlier probe.
 */
export type EraPlan = { probeTimeoutMs: number } | { prior: PriorDiscovery };

/** What a connection is for, besides its identity: its era, its listen stream, its timeout. */
export interface ConnectionPlan {
  era: EraPlan;
  /** How long connecting (the probe included) may take. */
  timeoutMs: number;
  /** What a modern connection's listen stream hears of besides the URIs subscribed. */
  listen?: ListenOptions;
}

/**
 * Connects an SDK client over a transport with the given identity, in the era the plan says,
 * routing everything the upstream sends that is not a response to `events`.
 *
 * @param transport - an unstarted client transport
 * @param identity - client info and declared capabilities
 * @param events - where notifications, requests and the close go
 * @param plan - how the era is found, how long connecting may take
 * @returns the connection; a catalog's listen stream opens with `start()`
 */
export async function connectUpstreamClient(
  transport: Transport,
  identity: ClientIdentity,
  events: ConnectionEvents,
  plan: ConnectionPlan,
): Promise<UpstreamConnection> {
  const probe = "probeTimeoutMs" in plan.era ? { timeoutMs: plan.era.probeTimeoutMs } : {};
  const client = new Client(identity.clientInfo, {
    capabilities: identity.capabilities,
    versionNegotiation: { mode: "auto", probe },
  });
  let connection: UpstreamConnection | undefined;
  client.fallbackNotificationHandler = async (notification) => {
    const message = notification as JSONRPCNotification;
    if (connection?.stale(message)) return;
    events.notification(UpstreamConnection.delivered(message));
  };
  if (events.request) {
    const handle = events.request;
    client.fallbackRequestHandler = (request, ctx) => handle(request, ctx.mcpReq.signal);
  }
  client.onerror = () => {};
  const prior = "prior" in plan.era ? { prior: plan.era.prior } : {};
  try {
    await client.connect(transport, { timeout: plan.timeoutMs, ...prior });
  } catch (error) {
    throw "probeTimeoutMs" in plan.era ? probeError(error) : error;
  }
  deliverResponsesAfterNotifications(transport);
  const modern = client.getProtocolEra() === "modern";
  const lane = modern
    ? new TaskLane(transport, {
        protocolVersion: client.getNegotiatedProtocolVersion() ?? "",
        clientInfo: identity.clientInfo,
        capabilities: identity.capabilities,
      })
    : undefined;
  connection = new UpstreamConnection(
    client,
    plan.listen ?? { listChanges: false },
    plan.timeoutMs,
    lane,
  );
  client.onclose = () => {
    connection?.ended();
    events.closed();
  };
  return connection;
}

/**
 * A connect that got no usable answer to its `server/discover` probe: none in time over HTTP,
 * an unusable one, or the connection closed under it (docs/gateway.md §4.6).
 */
export class ProbeFailure extends Error {
  constructor(readonly failure: SdkError) {
    super(`no usable answer to the server/discover probe: ${failure.message}`);
    this.name = "ProbeFailure";
  }
}

/**
 * The error of a probing connect as the gateway reports it: the SDK's negotiation errors become
 * a {@link ProbeFailure}, but an upstream that could not be reached at all is reported as such
 * (`connect ECONNREFUSED …`), and one that refused the gateway's credentials with what it
 * answered, as when no probe is made.
 */
function probeError(error: unknown): unknown {
  if (!(error instanceof SdkError) || !error.message.startsWith("Version negotiation")) {
    return error;
  }
  if (error instanceof SdkHttpError && AUTH_REFUSALS.has(error.code)) {
    const answer = error.data.text ? `: ${error.data.text}` : "";
    return new SdkHttpError(error.code, `${error.message}${answer}`, error.data);
  }
  const cause = (error as { cause?: unknown }).cause;
  const network = (cause as { cause?: { code?: unknown } } | undefined)?.cause;
  if (cause instanceof Error && typeof network?.code === "string") return cause;
  return new ProbeFailure(error);
}

/** The SDK's codes for a probe refused with 401 or 403, which says nothing of the era. */
const AUTH_REFUSALS: ReadonlySet<SdkErrorCode> = new Set([
  SdkErrorCode.ClientHttpAuthentication,
  SdkErrorCode.ClientHttpForbidden,
]);

/** Whether a connect failed in the era negotiation itself, as when the connection closed under it. */
export function failedNegotiation(error: unknown): boolean {
  return error instanceof ProbeFailure && error.failure.code === SdkErrorCode.EraNegotiationFailed;
}

/**
 * The SDK runs notification handlers one microtask late but settles a response at once, and
 * settling forgets the request's progress handler. An upstream that sends its last progress
 * and its response in one write would lose that progress; holding each response back by one
 * microtask lets the notifications received before it be handled first, in order.
 */
function deliverResponsesAfterNotifications(transport: Transport): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message, extra) => {
    if ("method" in message) deliver(message, extra);
    else queueMicrotask(() => deliver(message, extra));
  };
}

/**
 * Lists an upstream's tools, prompts, resource templates and resources, following cursors to
 * the end (at most 100 pages each). A declared prompts or resources list the upstream does not
 * have (`-32601`) is empty, and named in `missing`; a failing `tools/list` fails the listing.
 *
 * @param source - a connection to the upstream
 * @param options - timeout of each page request
 * @returns the listing
 */
export async function listUpstream(
  source: ListingSource,
  options: RequestOptions,
): Promise<UpstreamListing> {
  const capabilities = source.serverCapabilities;
  const missing: OptionalList[] = [];
  const cacheHints: Partial<Record<CachedMethod, CacheHint>> = {};
  const hinted = (method: CachedMethod) => (hint: CacheHint | undefined) => {
    if (hint) cacheHints[method] = hint;
  };
  const optional = <Item>(declared: unknown, method: OptionalList, key: string) =>
    declared ? listOptional<Item>(source, method, key, options, missing, hinted(method)) : [];
  const [tools, prompts, resourceTemplates, resources] = await Promise.all([
    capabilities.tools
      ? listAll<Tool>(source, "tools/list", "tools", options, hinted("tools/list"))
      : [],
    optional<Prompt>(capabilities.prompts, "prompts/list", "prompts"),
    optional<ResourceTemplateType>(
      capabilities.resources,
      "resources/templates/list",
      "resourceTemplates",
    ),
    optional<Resource>(capabilities.resources, "resources/list", "resources"),
  ]);
  const instructions = source.instructions;
  return {
    tools,
    prompts,
    resourceTemplates,
    resources,
    instructions,
    capabilities,
    missing,
    cacheHints,
  };
}

/** {@link listAll}, but a method the upstream does not have is an empty list, noted in `missing`. */
async function listOptional<Item>(
  source: ListingSource,
  method: OptionalList,
  key: string,
  options: RequestOptions,
  missing: OptionalList[],
  hinted: (hint: CacheHint | undefined) => void,
): Promise<Item[]> {
  try {
    return await listAll<Item>(source, method, key, options, hinted);
  } catch (error) {
    if (!(error instanceof ProtocolError) || error.code !== ProtocolErrorCode.MethodNotFound)
      throw error;
    missing.push(method);
    return [];
  }
}

/**
 * Lists an upstream's tools alone, following cursors to the end (at most 100 pages).
 *
 * @param source - a connection to the upstream
 * @param options - timeout of each page request
 * @returns the tools
 */
export async function listTools(source: ListingSource, options: RequestOptions): Promise<Tool[]> {
  if (!source.serverCapabilities.tools) return [];
  return listAll<Tool>(source, "tools/list", "tools", options);
}

/**
 * Every page of a list; `hinted` gets the most conservative cache hint of the pages, or
 * `undefined` when one of them carried none.
 */
async function listAll<Item>(
  source: ListingSource,
  method: string,
  key: string,
  options: RequestOptions,
  hinted: (hint: CacheHint | undefined) => void = () => {},
): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | undefined;
  let hint: CacheHint | undefined;
  let unhinted = false;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = (await source.request(
      { method, params: cursor === undefined ? {} : { cursor } },
      options,
    )) as Record<string, unknown>;
    const list = result[key];
    if (Array.isArray(list)) items.push(...(list as Item[]));
    const pageHint = hintOf(result);
    if (!pageHint) unhinted = true;
    else hint = hint ? stricter(hint, pageHint) : pageHint;
    cursor = typeof result.nextCursor === "string" ? result.nextCursor : undefined;
    if (cursor === undefined) break;
  }
  hinted(unhinted ? undefined : hint);
  return items;
}

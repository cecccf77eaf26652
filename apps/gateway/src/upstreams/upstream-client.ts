import {
  Client,
  type ClientCapabilities,
  type Implementation,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type Prompt,
  ProtocolError,
  ProtocolErrorCode,
  type Request,
  type RequestOptions,
  type Resource,
  type ResourceTemplateType,
  type Result,
  type ServerCapabilities,
  type Tool,
  type Transport,
} from "@modelcontextprotocol/client";
import * as z from "zod";

/** Any result, unvalidated: results pass through the gateway verbatim (docs/gateway.md §7.1). */
export const PASSTHROUGH_RESULT = z.custom<Result>();

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
 * A connected SDK client as a listing source; its requests skip result validation.
 *
 * @param client - a connected client
 */
export function clientSource(client: Client): ListingSource {
  return {
    request: (request, options) => client.request(request, PASSTHROUGH_RESULT, options),
    serverCapabilities: client.getServerCapabilities() ?? {},
    instructions: client.getInstructions(),
  };
}

/**
 * Connects an SDK client over a transport with the given identity, routing everything the
 * upstream sends that is not a response to `events`.
 *
 * @param transport - an unstarted client transport
 * @param identity - client info and declared capabilities
 * @param events - where notifications, requests and the close go
 * @param timeoutMs - how long the handshake may take
 * @returns the connected client
 */
export async function connectUpstreamClient(
  transport: Transport,
  identity: ClientIdentity,
  events: ConnectionEvents,
  timeoutMs: number,
): Promise<Client> {
  const client = new Client(identity.clientInfo, { capabilities: identity.capabilities });
  client.fallbackNotificationHandler = async (notification) => {
    events.notification(notification as JSONRPCNotification);
  };
  if (events.request) {
    const handle = events.request;
    client.fallbackRequestHandler = (request, ctx) => handle(request, ctx.mcpReq.signal);
  }
  client.onerror = () => {};
  await client.connect(transport, { timeout: timeoutMs });
  client.onclose = () => events.closed();
  deliverResponsesAfterNotifications(transport);
  return client;
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
  const optional = <Item>(declared: unknown, method: OptionalList, key: string) =>
    declared ? listOptional<Item>(source, method, key, options, missing) : [];
  const [tools, prompts, resourceTemplates, resources] = await Promise.all([
    capabilities.tools ? listAll<Tool>(source, "tools/list", "tools", options) : [],
    optional<Prompt>(capabilities.prompts, "prompts/list", "prompts"),
    optional<ResourceTemplateType>(
      capabilities.resources,
      "resources/templates/list",
      "resourceTemplates",
    ),
    optional<Resource>(capabilities.resources, "resources/list", "resources"),
  ]);
  const instructions = source.instructions;
  return { tools, prompts, resourceTemplates, resources, instructions, capabilities, missing };
}

/** {@link listAll}, but a method the upstream does not have is an empty list, noted in `missing`. */
async function listOptional<Item>(
  source: ListingSource,
  method: OptionalList,
  key: string,
  options: RequestOptions,
  missing: OptionalList[],
): Promise<Item[]> {
  try {
    return await listAll<Item>(source, method, key, options);
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

async function listAll<Item>(
  source: ListingSource,
  method: string,
  key: string,
  options: RequestOptions,
): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = (await source.request(
      { method, params: cursor === undefined ? {} : { cursor } },
      options,
    )) as Record<string, unknown>;
    const list = result[key];
    if (Array.isArray(list)) items.push(...(list as Item[]));
    cursor = typeof result.nextCursor === "string" ? result.nextCursor : undefined;
    if (cursor === undefined) break;
  }
  return items;
}

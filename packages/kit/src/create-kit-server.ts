import type {
  CacheHint,
  ClientCapabilities,
  Implementation,
  Resource as ResourceListing,
  ServerContext,
  ServerOptions,
} from "@modelcontextprotocol/server";
import {
  BAGGAGE_META_KEY,
  CLIENT_CAPABILITIES_META_KEY,
  isInputRequiredResult,
  PROTOCOL_VERSION_META_KEY,
  ProtocolErrorCode,
  ResourceNotFoundError,
  Server,
  TRACEPARENT_META_KEY,
  TRACESTATE_META_KEY,
} from "@modelcontextprotocol/server";
import { limitAnswer } from "./answer-limit.js";
import { identityFromAuthInfo } from "./auth/identity.js";
import { declareRequestScopes, type ScopeOfRequest } from "./auth/request-scopes.js";
import { type DirectToolCalls, directToolCalls } from "./in-process/direct-tool-calls.js";
import { type Logger, silentLogger } from "./logger.js";
import { offersCompletions, type Prompt } from "./prompt.js";
import { registerPrompts } from "./prompt-requests.js";
import { cursorParam, onRequest, ProtocolError, uriParam } from "./request-params.js";
import type {
  ResourceContents,
  ResourceContext,
  ResourceSpec,
  ResourceTemplate,
} from "./resource.js";
import { ResourceHub } from "./resource-hub.js";
import { listResources } from "./resource-list.js";
import { installSessionLogging, type SessionLog } from "./session-logging.js";
import { sharedSchemaValidator } from "./shared-schema-validator.js";
import { subscriptionUriParam } from "./subscription-uri.js";
import { checkAnswerLimit, DEFAULT_MAX_ANSWER_BYTES, type Tool, type ToolContext } from "./tool.js";
import {
  type ServerRequestExtra,
  setToolCallHandler,
  type ToolCallHandler,
} from "./tool-call-handler.js";
import { isJsonObject } from "./validation/describe-value.js";

/** A whole server: its identity and its tools and resources. */
export interface ServerSpec {
  /** The server's name in `initialize` (e.g. `tabletop-dice`). */
  name: string;
  version: string;
  title?: string;
  /** Shown to the model once per session: when to use this server. */
  instructions?: string;
  tools: readonly Tool[];
  resources?: readonly ResourceSpec[];
  resourceTemplates?: readonly ResourceTemplate[];
  /** Listed by `prompts/list` (empty when absent); `completions` is declared when an argument offers them. */
  prompts?: readonly Prompt[];
  /**
   * Declares `logging` (the default): a 2025 client may set a level, and tools log with
   * `ToolContext.log`. `false` declares none.
   */
  logging?: boolean;
  /**
   * How long a 2026-07-28 client may keep each cacheable result, and whether it may share it
   * between callers, replacing the kit's defaults ({@link DEFAULT_CACHE_HINTS}) operation by
   * operation. 2025-era answers carry no cache fields.
   */
  cacheHints?: CacheHints;
  /**
   * How the server checks the `requestState` a client echoes back to a tool that asked it for
   * input (`inputRequired({ requestState })`): the SDK runs `verify` before the handler of every
   * round that carries one, on 2026-07-28 requests and in the legacy shim's rounds alike, and a
   * throw refuses the request with `-32602` ("Invalid or expired requestState") without running
   * the handler; what `verify` returns is what `ToolContext.requestState()` reads. Pass the
   * `verify` of the SDK's `createRequestStateCodec({ key })`, and mint with its `mint`; the key
   * must be the same for every server instance that may see the echo (a 2026-07-28 request is
   * served by a fresh instance), so make the codec once per process, not per instance.
   * Without it, handlers read the raw, unverified string.
   */
  requestState?: RequestStateIntegrity;
}

/** The check of an echoed `requestState` (see {@link ServerSpec.requestState}). */
export interface RequestStateIntegrity {
  /**
   * Returns the state's payload, or throws when the state is tampered with, expired or
   * malformed.
   */
  verify(state: string, context: ServerContext): unknown;
}

/** The cacheable operations of the 2026-07-28 era and their hints. */
export type CacheHints = Partial<
  Record<
    | "tools/list"
    | "prompts/list"
    | "resources/list"
    | "resources/templates/list"
    | "resources/read"
    | "server/discover",
    CacheHint
  >
>;

/** One hour, in milliseconds: how long a list that never changes while the process runs is kept. */
const STATIC_TTL_MS = 3_600_000;

/**
 * The kit's cache hints: the tool, prompt and template lists and `server/discover` are the same
 * for every caller and never change while the process runs, so any cache may keep them for an
 * hour; resource lists and reads may depend on the caller and change, so they are private and
 * not kept unless the server says otherwise.
 */
export const DEFAULT_CACHE_HINTS: Readonly<CacheHints> = Object.freeze({
  "tools/list": { ttlMs: STATIC_TTL_MS, cacheScope: "public" },
  "prompts/list": { ttlMs: STATIC_TTL_MS, cacheScope: "public" },
  "resources/templates/list": { ttlMs: STATIC_TTL_MS, cacheScope: "public" },
  "server/discover": { ttlMs: STATIC_TTL_MS, cacheScope: "public" },
  "resources/list": { ttlMs: 0, cacheScope: "private" },
  "resources/read": { ttlMs: 0, cacheScope: "private" },
});

/** Process-wide collaborators shared by every instance of a server. */
export interface KitServerOptions {
  /** Shared by every session of the process so that updates cross sessions; one is made if absent. */
  hub?: ResourceHub;
  logger?: Logger;
  /**
   * Answer size limits by tool name, in bytes, replacing the tools' own (see
   * `ToolSpec.maxAnswerBytes`): for a server that lets a few tools answer more.
   */
  maxAnswerBytes?: Readonly<Record<string, number>>;
}

/**
 * An SDK `Server` built from a {@link ServerSpec} by {@link createKitServer}. It is a plain
 * `Server` to everything that connects it (the kit's runner, a test over an in-memory transport)
 * and also carries the in-process fast path of its tool calls, {@link KitServer.directToolCalls}.
 */
export class KitServer extends Server {
  /**
   * This server's own `tools/call` handler, for a caller in the same process that runs tool
   * calls in it directly rather than through a transport: pass it to
   * `InProcessConnection.open(server, client, handlers, server.directToolCalls)`, as the
   * gateway does for its builtin servers. See `DirectToolCalls`.
   */
  readonly directToolCalls: DirectToolCalls;

  /**
   * The cache hints its 2026-07-28 results carry (docs/contract.md §9.3), for a caller that
   * serves its lists on (the gateway's aggregated lists carry the most conservative of theirs).
   */
  readonly cacheHints: Readonly<CacheHints>;

  /** Use {@link createKitServer}. */
  constructor(spec: ServerSpec, options: KitServerOptions = {}) {
    const prompts = spec.prompts ?? [];
    const logging = spec.logging ?? true;
    super(serverInfo(spec), serverOptions(spec, prompts, logging));
    const hub = options.hub ?? new ResourceHub();
    const logger = options.logger ?? silentLogger;
    this.cacheHints = { ...DEFAULT_CACHE_HINTS, ...spec.cacheHints };
    const log: SessionLog = logging ? installSessionLogging(this) : async () => {};
    const toolCalls = registerTools(this, spec, { hub, logger, log }, options);
    this.directToolCalls = directToolCalls(this, toolCalls);
    if (hasResources(spec)) registerResources(this, spec, hub);
    registerPrompts(this, prompts);
    declareRequestScopes(this, scopeOfRequest(spec), scopesOf(spec));
    hub.attach(this);
    // Malformed messages from a client surface here; they are the client's mistake, not ours.
    this.onerror = (error) => logger.warn(`protocol error: ${error.message}`);
    const previousOnClose = this.onclose;
    this.onclose = () => {
      hub.detach(this);
      previousOnClose?.();
    };
  }
}

/**
 * Builds a server from a spec, with no transport: ready for `connect()` by the kit's runner, by
 * a test over an in-memory transport, or for the gateway's in-process connection, which also
 * takes the server's {@link KitServer.directToolCalls}.
 */
export function createKitServer(spec: ServerSpec, options: KitServerOptions = {}): KitServer {
  return new KitServer(spec, options);
}

function hasResources(spec: ServerSpec): boolean {
  return (spec.resources?.length ?? 0) + (spec.resourceTemplates?.length ?? 0) > 0;
}

/** The server's name, version and title as `initialize` gives them. */
function serverInfo(spec: ServerSpec): Implementation {
  return { name: spec.name, version: spec.version, ...(spec.title ? { title: spec.title } : {}) };
}

/** The SDK server's options: capabilities, instructions, `requestState` check, cache hints. */
function serverOptions(
  spec: ServerSpec,
  prompts: readonly Prompt[],
  logging: boolean,
): ServerOptions {
  return {
    capabilities: {
      tools: { listChanged: true },
      ...(hasResources(spec) ? { resources: { subscribe: true, listChanged: true } } : {}),
      // Declared even with no prompt: a 2026-07-28 client may list (and cache) them all.
      prompts: {},
      ...(offersCompletions(prompts) ? { completions: {} } : {}),
      ...(logging ? { logging: {} } : {}),
    },
    ...(spec.instructions ? { instructions: spec.instructions } : {}),
    ...(spec.requestState ? { requestState: { verify: spec.requestState.verify } } : {}),
    jsonSchemaValidator: sharedSchemaValidator,
    cacheHints: { ...DEFAULT_CACHE_HINTS, ...spec.cacheHints },
  };
}

/** What every tool call of a session's server shares. */
interface CallCollaborators {
  hub: ResourceHub;
  logger: Logger;
  log: SessionLog;
}

function registerTools(
  server: Server,
  spec: ServerSpec,
  collaborators: CallCollaborators,
  options: KitServerOptions,
): ToolCallHandler {
  const { logger } = collaborators;
  const tools = new Map(spec.tools.map((tool) => [tool.name, tool]));
  const answerLimits = answerLimitsOf(spec.tools, options.maxAnswerBytes ?? {});
  const listings = spec.tools.map((tool) => tool.listing);
  onRequest(server, "tools/list", cursorParam, () => ({ tools: listings }));
  const handler: ToolCallHandler = async (params, extra) => {
    const name = params.name;
    if (typeof name !== "string") {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        "tools/call needs params.name, a tool name",
      );
    }
    const tool = tools.get(name);
    if (!tool) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown tool: ${name}; available tools are ${[...tools.keys()].join(", ")}`,
      );
    }
    const context = toolContext(server, params, extra, collaborators);
    logTraceContext(logger, name, context.meta);
    const limit = answerLimits.get(name) ?? DEFAULT_MAX_ANSWER_BYTES;
    const result = await tool.call(params.arguments, context);
    if (isInputRequiredResult(result)) return result;
    return limitAnswer(name, result, limit, logger);
  };
  setToolCallHandler(server, handler);
  return handler;
}

/**
 * Logs a tool call's W3C trace context (`traceparent`, `tracestate`, `baggage` in `_meta`) at
 * debug, so that a call can be found by the trace it belongs to. Each value is a string the
 * client chose: only strings are logged, and the logger escapes control characters.
 */
function logTraceContext(logger: Logger, tool: string, meta: Readonly<Record<string, unknown>>) {
  const trace: Record<string, string> = {};
  for (const key of [TRACEPARENT_META_KEY, TRACESTATE_META_KEY, BAGGAGE_META_KEY]) {
    const value = meta[key];
    if (typeof value === "string") trace[key] = value.slice(0, 512);
  }
  if (Object.keys(trace).length > 0) logger.debug("tools/call", { tool, ...trace });
}

/**
 * The reserved `_meta` keys a 2026-07-28 request carries (the SDK lifts them out of `_meta`);
 * the SDK's type for them is opaque.
 */
function envelopeOf(extra: ServerRequestExtra): Readonly<Record<string, unknown>> {
  return (extra.mcpReq.envelope ?? {}) as Readonly<Record<string, unknown>>;
}

/** Whether a request came in the 2026-07-28 era (its `_meta` envelope names the version). */
function isModernRequest(extra: ServerRequestExtra): boolean {
  return envelopeOf(extra)[PROTOCOL_VERSION_META_KEY] !== undefined;
}

/** What the client declared it can do, for this request (see `ToolContext.clientCapabilities`). */
function clientCapabilitiesOf(
  server: Server,
  extra: ServerRequestExtra,
): ClientCapabilities | undefined {
  if (!isModernRequest(extra)) return server.getClientCapabilities();
  const declared = envelopeOf(extra)[CLIENT_CAPABILITIES_META_KEY];
  return isJsonObject(declared) ? (declared as ClientCapabilities) : undefined;
}

/** What a tool handler gets besides its arguments, for one call. */
function toolContext(
  server: Server,
  params: Readonly<Record<string, unknown>>,
  extra: ServerRequestExtra,
  { hub, logger, log }: CallCollaborators,
): ToolContext {
  const meta = isJsonObject(params._meta) ? params._meta : {};
  const progressToken = meta.progressToken;
  const related = { relatedRequestId: extra.mcpReq.id, signal: extra.mcpReq.signal };
  return {
    rawArguments: isJsonObject(params.arguments) ? params.arguments : {},
    signal: extra.mcpReq.signal,
    sessionId: extra.sessionId,
    requestId: extra.mcpReq.id,
    meta,
    identity: identityFromAuthInfo(extra.http?.authInfo),
    logger,
    resourceUpdated: (uri) => hub.updated(uri),
    resourceListChanged: () => hub.listChanged(),
    progress: async (progress, total, message) => {
      if (typeof progressToken !== "string" && typeof progressToken !== "number") return;
      await extra.mcpReq.notify({
        method: "notifications/progress",
        params: { progressToken, progress, total, message },
      });
    },
    // A 2026-07-28 request logs only at the level its own `_meta` asks for, which the SDK's
    // request-scoped log applies; a 2025 session logs at the level it set (logging/setLevel).
    log: (level, data) =>
      isModernRequest(extra) ? extra.mcpReq.log(level, data) : log(level, data, extra),
    inputResponses: extra.mcpReq.inputResponses,
    requestState: <T>() => extra.mcpReq.requestState<T>(),
    clientCapabilities: clientCapabilitiesOf(server, extra),
    createMessage: (request) => server.createMessage(request, related),
    elicitInput: (request) => server.elicitInput(request, related),
  };
}

/**
 * Each tool's answer size limit: the server's override, else the tool's own.
 * @throws Error when an override names no tool of the server or is not a positive integer
 */
function answerLimitsOf(
  tools: readonly Tool[],
  overrides: Readonly<Record<string, number>>,
): Map<string, number> {
  const limits = new Map<string, number>();
  for (const tool of tools) limits.set(tool.name, tool.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES);
  for (const [name, limit] of Object.entries(overrides)) {
    if (!limits.has(name)) throw new Error(`maxAnswerBytes names no tool of this server: ${name}`);
    checkAnswerLimit(name, limit);
    limits.set(name, limit);
  }
  return limits;
}

function registerResources(server: Server, spec: ServerSpec, hub: ResourceHub): void {
  const fixed = new Map((spec.resources ?? []).map((resource) => [resource.uri, resource]));
  const templates = spec.resourceTemplates ?? [];
  const fixedListings = [...fixed.values()].map(fixedListing);
  onRequest(server, "resources/list", cursorParam, ({ cursor }, extra) =>
    listResources(fixedListings, templates, resourceContext(extra), cursor),
  );
  onRequest(server, "resources/templates/list", cursorParam, () => ({
    resourceTemplates: templates.map((template) => template.listing),
  }));
  onRequest(server, "resources/read", uriParam, async ({ uri }, extra) => {
    const context = resourceContext(extra);
    const contents = await readResource(uri, fixed, templates, context);
    // -32602 with data.uri in every era: the SDK sends 2025's -32002 as -32602 too.
    if (!contents) throw new ResourceNotFoundError(uri, `Resource not found: ${uri}`);
    return { contents: [{ uri, ...contents }] };
  });
  const subscriptionUri = subscriptionUriParam(spec);
  onRequest(server, "resources/subscribe", subscriptionUri, ({ uri }, extra) => {
    hub.subscribe(uri, server, identityFromAuthInfo(extra.http?.authInfo).subject);
    return {};
  });
  onRequest(server, "resources/unsubscribe", subscriptionUri, ({ uri }, extra) => {
    hub.unsubscribe(uri, server, identityFromAuthInfo(extra.http?.authInfo).subject);
    return {};
  });
}

function resourceContext(extra: ServerRequestExtra): ResourceContext {
  return {
    sessionId: extra.sessionId,
    signal: extra.mcpReq.signal,
    identity: identityFromAuthInfo(extra.http?.authInfo),
  };
}

/** Every scope the server's tools and resources name, in order of appearance. */
function scopesOf(spec: ServerSpec): string[] {
  const named = [
    ...spec.tools.map((tool) => tool.scope),
    ...(spec.resources ?? []).map((resource) => resource.scope),
    ...(spec.resourceTemplates ?? []).map((template) => template.spec.scope),
  ];
  return [...new Set(named.filter((scope) => scope !== undefined))];
}

/** The scope each tool call and resource read or subscription of a server needs. */
function scopeOfRequest(spec: ServerSpec): ScopeOfRequest {
  const tools = new Map(spec.tools.map((tool) => [tool.name, tool.scope]));
  const fixed = new Map((spec.resources ?? []).map((resource) => [resource.uri, resource.scope]));
  const templates = spec.resourceTemplates ?? [];
  const scopeOf = (method: string, params: Readonly<Record<string, unknown>>) => {
    if (method === "tools/call") {
      return typeof params.name === "string" ? tools.get(params.name) : undefined;
    }
    const uri = params.uri;
    if (typeof uri !== "string") return undefined;
    if (fixed.has(uri)) return fixed.get(uri);
    return templates.find((template) => template.match(uri) !== undefined)?.spec.scope;
  };
  return (method, params) => {
    const scope = scopeOf(method, params);
    return scope === undefined ? [] : [scope];
  };
}

async function readResource(
  uri: string,
  fixed: Map<string, ResourceSpec>,
  templates: readonly ResourceTemplate[],
  context: ResourceContext,
): Promise<(ResourceContents & { mimeType: string }) | undefined> {
  const resource = fixed.get(uri);
  if (resource) {
    const contents = await resource.read(context);
    return { mimeType: resource.mimeType, ...contents };
  }
  for (const template of templates) {
    const variables = template.match(uri);
    if (!variables) continue;
    const contents = await template.spec.read(uri, variables, context);
    if (contents) return { mimeType: template.spec.mimeType, ...contents };
  }
  return undefined;
}

function fixedListing(resource: ResourceSpec): ResourceListing {
  const listing: ResourceListing = {
    uri: resource.uri,
    name: resource.name,
    description: resource.description,
    mimeType: resource.mimeType,
  };
  if (resource.title) listing.title = resource.title;
  return listing;
}

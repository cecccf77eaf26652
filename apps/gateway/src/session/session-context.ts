import type {
  jsonSchemaValidator,
  LoggingLevel,
  Notification,
  RequestStateCodec,
  Server,
  ServerContext,
} from "@modelcontextprotocol/server";
import type { Logger } from "@tabletop-mcp/kit";
import type { SpacingLimiter } from "@tabletop-mcp/kit/cli";
import type { Catalog } from "../catalog/catalog.js";
import type { Tier } from "../config/types.js";
import type { SessionPeer, Upstream, UpstreamLink } from "../upstreams/upstream.js";
import type { Forwarding } from "./forwarding.js";
import type { InputRound } from "./input-rounds.js";
import type { PendingCalls } from "./pending-call.js";
import type { TaskHandles } from "./task-handles.js";
import type { ToolView } from "./tool-view.js";

/** What the SDK hands a request handler of the downstream session. */
export type DownstreamExtra = ServerContext;

/** What a session needs from the gateway. */
export interface SessionHost {
  readonly catalog: Catalog;
  readonly upstreams: readonly Upstream[];
  readonly logger: Logger;
  readonly validator: jsonSchemaValidator;
  readonly version: string;
  instructions(): string;
  statsResource(): string;
  /** Every scope a request through the gateway may need (for the resource metadata). */
  scopes(): readonly string[];
  /** Makes this session's link to an upstream. */
  linkFor(upstream: Upstream, session: SessionContext): UpstreamLink;
  /** Subscribes over a shared connection; `uri` is the upstream's own. */
  sharedSubscribe(upstream: Upstream, uri: string, session: SessionContext): Promise<void>;
  /** Unsubscribes over a shared connection; `uri` is the upstream's own. */
  sharedUnsubscribe(upstream: Upstream, uri: string, session: SessionContext): Promise<void>;
  levelChanged(session: SessionContext): void;
  /** Something an upstream offers is withheld (a clash): logged and told to every session. */
  withheld(problem: string): void;
  /** 2026-07-28 clients' calls held open across rounds (docs/gateway.md §7.6). */
  readonly pendingCalls: PendingCalls;
  /** Seals and opens the `requestState` of input requests passed on (docs/gateway.md §7.6). */
  readonly inputRounds: RequestStateCodec<InputRound>;
  /** Seals and opens the task ids passed on to clients (docs/gateway.md §7.7). */
  readonly taskHandles: TaskHandles;
  /** A tool call was recorded in the statistics. */
  toolRecorded(): void;
  closed(session: SessionContext): void;
}

/** One downstream session as its request handlers and notifications see it. */
export interface SessionContext extends SessionPeer {
  readonly host: SessionHost;
  readonly server: Server;
  /** Whether it serves the 2026-07-28 revision (a request, or a stdio connection). */
  readonly modern: boolean;
  /** Whose connections its links are: its caller's (§4.7), or its own. */
  linkOwner(): unknown;
  /** The session's latency tier (docs/gateway.md §10). */
  readonly tier: Tier;
  /** The tools this session's client sees. */
  readonly tools: ToolView;
  /** This session's requests on their way to upstreams. */
  readonly forwarding: Forwarding;
  /** URI, as the client wrote it → the upstream it was subscribed through. */
  readonly subscriptions: Map<string, Upstream>;
  /** Exposed URI → upstream, from this session's latest `resources/list`. */
  routes: Map<string, Upstream>;
  /** The level the client asked for with `logging/setLevel`, if it did. */
  logLevel: LoggingLevel | undefined;
  /** This session's spacing of calls to an upstream with `rate_limit_ms`. */
  limiter(upstream: Upstream): SpacingLimiter | undefined;
  /** This session's link to an upstream, made on first use. */
  link(upstream: Upstream): UpstreamLink;
  /** Sends a notification to the client; dropped once the session is closed. */
  send(notification: Notification): void;
}

import type { InitializeRequest } from "@modelcontextprotocol/server";
import type { SessionRequest } from "../runtime/session-request.js";

/** What a store keeps of one Streamable HTTP session so that any process can serve it. */
export interface DurableSessionRecord {
  readonly id: string;
  /** Who opened it (absent without auth); only the same subject may use it. */
  readonly subject: string | undefined;
  /** The client's `initialize` parameters: protocol version, capabilities, client info. */
  readonly initialize: InitializeRequest["params"];
  /** The application's own state of the session, handed back in {@link SessionRequest.restored}. */
  readonly state?: unknown;
}

/**
 * Sessions kept in a store shared by several processes, so that a process that does not hold
 * a session in memory can rebuild it instead of answering `404`. The application keeps its own
 * per-session state (e.g. subscriptions) beside the record, keyed by the session id it is given
 * in {@link SessionRequest.sessionId}.
 */
export interface DurableSessions {
  /** Records a session whose `initialize` has just succeeded. */
  opened(record: DurableSessionRecord, idleMs: number): Promise<void>;
  /**
   * Reads a session's record afresh and marks it used, bringing this process's copy of the
   * application's state up to date; `undefined` when unknown or idle longer than `idleMs`.
   */
  resume(id: string, idleMs: number): Promise<DurableSessionRecord | undefined>;
  /** Forgets a session the client closed (`DELETE /mcp`). */
  closed(id: string): Promise<void>;
}

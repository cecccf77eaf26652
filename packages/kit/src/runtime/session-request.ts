/** What a server factory learns about the session it builds a server for. */
export interface SessionRequest {
  /** How the client connected. */
  transport: "stdio" | "streamable" | "sse";
  /** Query parameters of the HTTP request that opened the session (empty over stdio). */
  query: URLSearchParams;
  /**
   * The protocol era the server will serve: `modern` (2026-07-28) builds a server for one
   * HTTP request or one stdio connection, with no session; absent means `legacy`.
   */
  era?: "legacy" | "modern";
  /**
   * Who sends a 2026-07-28 HTTP request: the token's subject, or the client's address without
   * auth (the key its admission limits count by). Absent over stdio and for 2025 sessions.
   */
  caller?: string;
  /** The Streamable HTTP session's id (absent for the other transports). */
  sessionId?: string;
  /**
   * Set when the session is rebuilt from a store rather than opened: the application's state
   * that `DurableSessions.resume` returned with the record.
   */
  restored?: { state: unknown };
}

/**
 * Thrown by a server factory to refuse a new session because of what its opening request
 * asked for (e.g. an unknown query parameter value). Over HTTP the client gets `400` with a
 * JSON-RPC error body carrying this message.
 */
export class SessionRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SessionRefusedError";
  }
}

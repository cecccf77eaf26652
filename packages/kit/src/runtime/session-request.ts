/** What a server factory learns about the session it builds a server for. */
export interface SessionRequest {
  /** How the client connected. */
  transport: "stdio" | "streamable" | "sse";
  /** Query parameters of the HTTP request that opened the session (empty over stdio). */
  query: URLSearchParams;
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

import type { Socket } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import type { HttpLimits } from "./http-limits.js";
import { JsonRpcCode, jsonRpcErrorBody } from "./json-rpc-error.js";
import { BODY_LIMIT_BYTES } from "./limits.js";

/**
 * The Fastify instance every server listens with: the contract's body limit, and timeouts so
 * a client that sends its headers or body slowly cannot hold a connection open for ever.
 * The timeouts cover receiving a request only: a long-lived SSE answer is not a slow request.
 */
export function createApp(limits: HttpLimits): FastifyInstance {
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    logger: false,
    exposeHeadRoutes: false,
    // `__proto__` and `constructor` keys stay plain own properties, so a tool call carrying one
    // gets the same unknown-parameter answer as over stdio instead of a parse error.
    onProtoPoisoning: "ignore",
    onConstructorPoisoning: "ignore",
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      // Node refuses a headers timeout longer than the whole-request one.
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      requestTimeout: limits.requestTimeoutMs,
      // Node looks for expired requests this often (30 s by default, which would let a
      // 10 s limit run to 40 s).
      connectionsCheckingInterval: checkingInterval(limits),
    },
    clientErrorHandler: answerClientError,
  });
  app.removeContentTypeParser("text/plain");
  ignoreContentTypeOfEmptyDeletes(app);
  return app;
}

function checkingInterval(limits: HttpLimits): number {
  const shortest = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return Math.max(50, Math.min(1000, Math.floor(shortest / 10)));
}

/**
 * A `DELETE /mcp` has nothing to say in a body, yet some clients (the Python SDK) send
 * `Content-Type: application/json` with no body. Fastify would parse that empty body and answer
 * 400, so the session would never close; without the header there is nothing to parse.
 */
function ignoreContentTypeOfEmptyDeletes(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (request.method !== "DELETE") return;
    const headers = request.raw.headers;
    const length = headers["content-length"];
    const empty =
      headers["transfer-encoding"] === undefined && (length === undefined || length === "0");
    if (empty) delete headers["content-type"];
  });
}

/**
 * Answers what Node reports before a request reaches Fastify (a timeout while receiving it,
 * oversize headers, a malformed request) with a JSON-RPC shaped body, then drops the connection.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, reason, message] = clientErrorAnswer(error.code);
  const body = jsonRpcErrorBody(JsonRpcCode.serverError, message);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

function clientErrorAnswer(code: string | undefined): [number, string, string] {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return [408, "Request Timeout", "Request timeout: the request was not received in time"];
  }
  if (code === "HPE_HEADER_OVERFLOW") {
    return [431, "Request Header Fields Too Large", "Request headers too large"];
  }
  return [400, "Bad Request", "Bad Request: malformed HTTP request"];
}

import { request } from "node:http";
import { initializeRequest } from "../../src/testing.js";

/** A response read whole. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request over a fresh connection, every header as given (Host included). */
export interface RawCall {
  url: string;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The local address to connect from, e.g. `127.0.0.2` to be another loopback client. */
  localAddress?: string;
  /** The address to connect to instead of the URL's host (the Host header stays the URL's). */
  connectTo?: string;
}

/** Sends one request and reads the whole answer. */
export function rawRequest(call: RawCall): Promise<RawAnswer> {
  const target = new URL(call.path ?? "", call.url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: call.connectTo ?? target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: call.method ?? "POST",
        headers: { host: target.host, ...call.headers },
        agent: false,
        ...(call.localAddress ? { localAddress: call.localAddress } : {}),
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        incoming.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(call.body);
  });
}

/** The headers of a Streamable HTTP POST. */
export const POST_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};

/** Opens a session by hand from `localAddress` (default 127.0.0.1); the raw answer. */
export function initialize(url: string, localAddress?: string): Promise<RawAnswer> {
  return rawRequest({
    url,
    headers: POST_HEADERS,
    body: JSON.stringify(initializeRequest(1, "raw-kit-test")),
    ...(localAddress ? { localAddress } : {}),
  });
}

/** Opens a session and sends `notifications/initialized`; the session id. */
export async function openSession(url: string, localAddress?: string): Promise<string> {
  const answer = await initialize(url, localAddress);
  const id = answer.headers["mcp-session-id"];
  if (answer.status !== 200 || typeof id !== "string") {
    throw new Error(`initialize answered ${answer.status}: ${answer.body}`);
  }
  await rpc(url, id, { jsonrpc: "2.0", method: "notifications/initialized" });
  return id;
}

/** Posts one JSON-RPC message in a session. */
export function rpc(url: string, sessionId: string, message: unknown): Promise<RawAnswer> {
  return rawRequest({
    url,
    headers: { ...POST_HEADERS, "mcp-session-id": sessionId },
    body: JSON.stringify(message),
  });
}

/** The `/mcp/health` body as JSON. */
export async function health(
  url: string,
  headers: Record<string, string> = {},
  connectTo?: string,
): Promise<Record<string, unknown>> {
  const answer = await rawRequest({
    url,
    method: "GET",
    path: "/mcp/health",
    headers,
    ...(connectTo ? { connectTo } : {}),
  });
  if (answer.status !== 200) throw new Error(`health answered ${answer.status}`);
  return JSON.parse(answer.body) as Record<string, unknown>;
}

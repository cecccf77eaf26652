/**
 * Plain HTTP requests with full control of every header (Host included), for sending what a
 * well-behaved client never would.
 */
import { request } from "node:http";
import { connect } from "node:net";
import { initializeRequest } from "@tabletop-mcp/kit/testing";

/** What came back. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Options of one request; `url` is the server's `/mcp` endpoint or any path on it. */
export interface RawRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Destroys the socket after this many ms, before the answer (a client that goes away). */
  abortAfterMs?: number;
  /** The local address to connect from, e.g. `127.0.0.2` to be another loopback client. */
  localAddress?: string;
  /** The address to connect to instead of the URL's host; the Host header stays the URL's. */
  connectTo?: string;
}

/** Headers every MCP POST needs. */
export const MCP_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
} as const;

/** Sends one request and reads the whole answer (or rejects when aborted). */
export function rawHttp(url: string, options: RawRequest = {}): Promise<RawResponse> {
  const target = new URL(options.path ?? "", url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: options.connectTo ?? target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? "POST",
        headers: { host: target.host, ...options.headers },
        agent: false,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      // A server may answer (413) and close while a large body is still being written: the
      // write fails, but the answer can still arrive.
      if (error.code === "EPIPE" || error.code === "ECONNRESET")
        setTimeout(() => reject(error), 2_000);
      else reject(error);
    });
    if (options.abortAfterMs !== undefined) {
      setTimeout(() => outgoing.destroy(new Error("aborted by the test")), options.abortAfterMs);
    }
    outgoing.end(options.body);
  });
}

/** The JSON-RPC messages of an answer: a JSON body, or the `data:` events of an SSE body. */
export function messagesOf(response: RawResponse): unknown[] {
  const type = String(response.headers["content-type"] ?? "");
  if (type.includes("text/event-stream")) {
    return response.body
      .split("\n")
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(5).trim())
      .filter((data) => data !== "")
      .map((data) => JSON.parse(data) as unknown);
  }
  if (response.body === "") return [];
  const parsed = JSON.parse(response.body) as unknown;
  return Array.isArray(parsed) ? parsed : [parsed];
}

/** The initialize request body. */
export function initializeBody(id: string | number = "init"): string {
  return JSON.stringify(initializeRequest(id, "raw-http"));
}

/** Opens a session by hand; returns its id. */
export async function openSession(
  url: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const answer = await rawHttp(url, {
    headers: { ...MCP_HEADERS, ...headers },
    body: initializeBody(),
  });
  const id = answer.headers["mcp-session-id"];
  if (answer.status !== 200 || typeof id !== "string") {
    throw new Error(`initialize answered ${answer.status}: ${answer.body}`);
  }
  const initialized = await rawHttp(url, {
    headers: { ...MCP_HEADERS, ...headers, "mcp-session-id": id },
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  });
  if (initialized.status !== 202) throw new Error(`initialized answered ${initialized.status}`);
  return id;
}

/**
 * Sends a request over a bare socket and reads whatever the server answers while the body is
 * still going out: a server may refuse a large body early and close, and a client that reads
 * as it writes still sees the refusal.
 */
export function rawSocketHttp(url: string, options: RawRequest = {}): Promise<RawResponse> {
  const target = new URL(options.path ?? "", url);
  const body =
    typeof options.body === "string"
      ? Buffer.from(options.body)
      : (options.body ?? Buffer.alloc(0));
  const head = [
    `${options.method ?? "POST"} ${target.pathname}${target.search} HTTP/1.1`,
    `host: ${target.host}`,
    `content-length: ${body.length}`,
    "connection: close",
    ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    "",
    "",
  ].join("\r\n");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(target.port), target.hostname);
    const finish = () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [headText = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = headText.split("\r\n");
      const status = Number(statusLine.split(" ")[1]);
      if (!status) {
        reject(new Error(`no HTTP answer before the connection ended (${chunks.length} chunks)`));
        return;
      }
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status, headers, body: rest.join("\r\n\r\n") });
    };
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => {});
    socket.on("close", finish);
    socket.write(head);
    socket.end(body);
  });
}

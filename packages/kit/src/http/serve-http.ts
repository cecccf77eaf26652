import type { HttpHandle, HttpOptions } from "./http-server.js";

/**
 * Starts Streamable HTTP on `/mcp`, legacy SSE on `/sse` + `/messages`, and `/mcp/health`.
 *
 * The HTTP stack (Fastify and the SDK's HTTP transports) is loaded on first use, so a command
 * serving stdio never pays for it at start-up.
 */
export async function serveHttp(options: HttpOptions): Promise<HttpHandle> {
  const { serveHttp: start } = await import("./http-server.js");
  return start(options);
}

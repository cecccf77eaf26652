import { once } from "node:events";
import { createServer, request as forward, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the proxy passed on: its headers and body as the upstream received them. */
export interface RecordedRequest {
  readonly method: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A proxy in front of an MCP server that records every request it forwards. */
export interface RecordingProxy {
  readonly url: string;
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts a loopback HTTP proxy to `target` (an MCP endpoint), recording each request's
 * headers and body, so a test can see exactly what an upstream was sent.
 */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const destination = new URL(target);
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const body = Buffer.concat(chunks);
      requests.push({
        method: incoming.method ?? "",
        headers: incoming.headers,
        body: body.toString("utf8"),
      });
      const upstream = forward(
        {
          host: destination.hostname,
          port: destination.port,
          path: destination.pathname,
          method: incoming.method,
          headers: { ...incoming.headers, host: destination.host },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      upstream.on("error", () => outgoing.destroy());
      upstream.end(body);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

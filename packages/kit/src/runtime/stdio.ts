import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Logger } from "../logger.js";
import { answerMalformedLines } from "./answering-line-reader.js";
import type { InFlightRequests } from "./in-flight.js";
import { SpacingLimiter } from "./rate-limiter.js";
import { installSessionGate } from "./session-gate.js";
import type { SessionRequest } from "./session-request.js";

/** Options of the stdio transport. */
export interface StdioOptions {
  createServer: (session: SessionRequest) => Server;
  rateLimitMs: number;
  inFlight: InFlightRequests;
  logger: Logger;
  requestNoun?: string;
  /** Called once when the client closes stdin. */
  onInputClosed: () => void;
}

/** A running stdio session. */
export interface StdioHandle {
  close(): Promise<void>;
}

/** Serves one session over stdin/stdout; stdout carries only protocol messages. */
export async function serveStdio(options: StdioOptions): Promise<StdioHandle> {
  const server = options.createServer({ transport: "stdio", query: new URLSearchParams() });
  const transport = new StdioServerTransport();
  answerMalformedLines(transport, (reason) => options.logger.warn(`refused a line: ${reason}`));
  await server.connect(transport);
  const gate = installSessionGate(transport, {
    inFlight: options.inFlight,
    logger: options.logger,
    ...(options.requestNoun ? { requestNoun: options.requestNoun } : {}),
    ...(options.rateLimitMs > 0 ? { limiter: new SpacingLimiter(options.rateLimitMs) } : {}),
  });
  const previousOnClose = transport.onclose;
  transport.onclose = () => {
    previousOnClose?.();
    gate.close();
  };
  let closed = false;
  const inputClosed = () => {
    if (closed) return;
    closed = true;
    options.onInputClosed();
  };
  process.stdin.once("end", inputClosed);
  process.stdin.once("close", inputClosed);
  return {
    async close() {
      gate.close();
      await server.close();
    },
  };
}

import { PassThrough, type Readable } from "node:stream";
import type { JSONRPCMessage, Server } from "@modelcontextprotocol/server";
import {
  StdioServerTransport,
  serveStdio as serveStdioEra,
} from "@modelcontextprotocol/server/stdio";
import { declareForwardedIdentity, takeForwardedIdentity } from "../auth/forwarded-identity.js";
import type { Logger } from "../logger.js";
import type { ListenerSource } from "../resource-hub.js";
import { AnsweringLineReader } from "./answering-line-reader.js";
import type { InFlightRequests } from "./in-flight.js";
import { SpacingLimiter } from "./rate-limiter.js";
import { installSessionGate } from "./session-gate.js";
import type { SessionRequest } from "./session-request.js";
import { boundStdioBacklog, flushed } from "./stdio-backpressure.js";
import { watchStdioListens } from "./stdio-listens.js";

/** How long closing waits for answers still buffered to reach a client that reads slowly. */
const FLUSH_MS = 10_000;

/** Options of the stdio transport. */
export interface StdioOptions {
  createServer: (session: SessionRequest) => Server;
  rateLimitMs: number;
  inFlight: InFlightRequests;
  logger: Logger;
  requestNoun?: string;
  /** Take each request's caller from a gateway's `_meta` (`--trust-gateway-identity`). */
  trustGatewayIdentity?: boolean;
  /** Called once when the client closes stdin. */
  onInputClosed: () => void;
  /** What the connection's 2026-07-28 listen streams hear of resource updates. */
  listeners?: ListenerSource;
}

/** A running stdio session. */
export interface StdioHandle {
  close(): Promise<void>;
}

/**
 * Serves one connection over stdin/stdout; stdout carries only protocol messages. The SDK's
 * `serveStdio` picks the connection's era from its first message (`server/discover` or an
 * enveloped request for 2026-07-28, `initialize` for the 2025 revisions) and builds one server
 * for it; the kit reads stdin itself and sits between the transport and that server.
 */
export async function serveStdio(options: StdioOptions): Promise<StdioHandle> {
  // The transport writes stdout; stdin is read here, so that a malformed line is answered
  // (docs/contract.md §5.6) and reading can pause for a client that does not read (§7.7).
  const transport = new StdioServerTransport(new PassThrough(), process.stdout);
  let current: Server | undefined;
  const entry = serveStdioEra(
    ({ era }) => {
      const server = options.createServer({
        transport: "stdio",
        query: new URLSearchParams(),
        era,
      });
      if (options.trustGatewayIdentity) declareForwardedIdentity(server);
      current = server;
      return server;
    },
    { transport, onerror: (error) => options.logger.warn(`protocol error: ${error.message}`) },
  );
  if (options.trustGatewayIdentity) takeForwardedIdentity(() => current, transport);
  const gate = installSessionGate(transport, {
    inFlight: options.inFlight,
    logger: options.logger,
    ...(options.requestNoun ? { requestNoun: options.requestNoun } : {}),
    ...(options.rateLimitMs > 0 ? { limiter: new SpacingLimiter(options.rateLimitMs) } : {}),
  });
  boundStdioBacklog(transport, {
    input: process.stdin,
    output: process.stdout,
    inFlight: options.inFlight,
  });
  const stopListening = options.listeners
    ? watchStdioListens(
        transport,
        options.listeners,
        () => current,
        (error) => options.logger.warn(`listen stream: ${error.message}`),
      )
    : () => {};
  const stopReading = readMessages(process.stdin, transport, options.logger);
  const previousOnClose = transport.onclose;
  transport.onclose = () => {
    stopReading();
    stopListening();
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
      await entry.close();
      await flushed(process.stdout, FLUSH_MS);
    },
  };
}

/**
 * Hands each JSON-RPC message of `input`'s lines to the transport's receiver, and answers a
 * line that is none (docs/contract.md §5.6).
 *
 * @returns stops reading
 */
function readMessages(
  input: Readable,
  transport: StdioServerTransport,
  logger: Logger,
): () => void {
  const reader = new AnsweringLineReader((refusal) => {
    logger.warn(`refused a line: ${refusal.error.message}`);
    transport.send(refusal as unknown as JSONRPCMessage).catch(() => undefined);
  });
  const onData = (chunk: Buffer) => {
    reader.append(chunk);
    for (let message = reader.readMessage(); message !== null; message = reader.readMessage()) {
      transport.onmessage?.(message);
    }
  };
  const onError = (error: Error) => logger.warn(`stdin failed: ${error.message}`);
  input.on("data", onData);
  input.on("error", onError);
  return () => {
    input.off("data", onData);
    input.off("error", onError);
    reader.clear();
  };
}

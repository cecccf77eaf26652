import type { Readable, Writable } from "node:stream";
import type { JSONRPCMessage, RequestId, Transport } from "@modelcontextprotocol/server";
import type { InFlightRequests } from "./in-flight.js";

/** Past this many bytes of answers waiting to be written, a stdio client's requests wait. */
export const STDOUT_BACKLOG_BYTES = 1024 * 1024;

/** The most requests of one stdio client answered at once; later ones wait their turn. */
export const MOST_REQUESTS_IN_FLIGHT = 64;

type IncomingHandler = NonNullable<Transport["onmessage"]>;
type Extra = Parameters<IncomingHandler>[1];

/** Where a stdio session reads and writes, and its bounds. */
export interface StdioBackpressureOptions {
  input: Readable;
  output: Writable;
  /** Counts a waiting request as one in flight, so that shutdown lets it be answered. */
  inFlight: InFlightRequests;
  backlogBytes?: number;
  mostInFlight?: number;
}

/**
 * Bounds what a stdio client can make the server hold (docs/contract.md §7.7). Answers are
 * written to stdout as fast as the client reads them; a client that sends requests and does
 * not read would otherwise have every answer kept in memory. So, while more than
 * {@link STDOUT_BACKLOG_BYTES} wait to be written, or {@link MOST_REQUESTS_IN_FLIGHT} requests
 * are being answered, the client's next requests wait (in order) and stdin is not read; they go
 * on once stdout drains and answers are sent. Notifications and the client's answers to the
 * server's own requests never wait; a cancelled request that still waits is dropped, and one
 * being answered no longer counts (the SDK sends no answer for it).
 *
 * Install after every other wrapper of the transport's `onmessage` and `send`.
 *
 * @param transport - a connected stdio transport
 * @param options - its streams and bounds
 */
export function boundStdioBacklog(transport: Transport, options: StdioBackpressureOptions): void {
  const deliver = transport.onmessage as IncomingHandler | undefined;
  if (!deliver) throw new Error("boundStdioBacklog needs a connected transport");
  const { input, output } = options;
  const backlogBytes = options.backlogBytes ?? STDOUT_BACKLOG_BYTES;
  const mostInFlight = options.mostInFlight ?? MOST_REQUESTS_IN_FLIGHT;
  const inFlight = new Set<RequestId>();
  const waiting: [JSONRPCMessage, Extra][] = [];
  let drainAwaited = false;
  // The SDK waits for "drain" once per answer written while stdout is full: how many wait is
  // bounded by the backlog above, not by a listener count, so Node's leak warning is no help.
  output.setMaxListeners(0);

  const backedUp = () => output.writableLength > backlogBytes;
  const full = () => inFlight.size >= mostInFlight || backedUp();

  const release = () => {
    while (waiting.length > 0 && !full()) {
      const [message, extra] = waiting.shift() as [JSONRPCMessage, Extra];
      options.inFlight.end();
      start(message, extra);
    }
    if (waiting.length === 0) input.resume();
    else if (backedUp()) awaitDrain();
  };
  const awaitDrain = () => {
    if (drainAwaited) return;
    drainAwaited = true;
    output.once("drain", () => {
      drainAwaited = false;
      release();
    });
  };
  const start = (message: JSONRPCMessage, extra: Extra) => {
    if ("id" in message && message.id !== undefined) inFlight.add(message.id);
    deliver(message, extra);
  };

  const send = transport.send.bind(transport);
  transport.send = (message, sendOptions) => {
    const sent = send(message, sendOptions);
    const answered = ("result" in message || "error" in message) && message.id !== undefined;
    if (answered && inFlight.delete(message.id as RequestId) && waiting.length > 0) {
      if (backedUp()) awaitDrain();
      else release();
    }
    return sent;
  };

  const cancel = (id: RequestId) => {
    const index = waiting.findIndex(([message]) => "id" in message && message.id === id);
    if (index !== -1) {
      waiting.splice(index, 1);
      options.inFlight.end();
    }
    if (inFlight.delete(id)) release();
  };

  transport.onmessage = (message, extra) => {
    const isRequest = "method" in message && "id" in message && message.id !== undefined;
    if (!isRequest) {
      if ("method" in message && message.method === "notifications/cancelled") {
        const id = (message.params as { requestId?: RequestId } | undefined)?.requestId;
        if (id !== undefined) cancel(id);
      }
      return deliver(message, extra);
    }
    if (waiting.length === 0 && !full()) return start(message, extra);
    waiting.push([message, extra]);
    options.inFlight.begin();
    input.pause();
    if (backedUp()) awaitDrain();
  };
}

/**
 * Resolves once everything written to `output` has been handed to the system, or after
 * `timeoutMs`: a client that closes stdin still reads the answers to what it sent, and exiting
 * with answers buffered would drop them.
 *
 * @param output - the stream written to (stdout)
 * @param timeoutMs - the longest wait, for a client that reads no more
 */
export async function flushed(output: Writable, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (output.writableLength > 0 && Date.now() < deadline) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        output.removeListener("drain", done);
        resolve();
      };
      const timer = setTimeout(done, 10);
      output.once("drain", done);
    });
  }
}

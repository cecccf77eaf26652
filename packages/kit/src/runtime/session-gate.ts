import type { JSONRPCMessage, RequestId, Transport } from "@modelcontextprotocol/server";
import type { Logger } from "../logger.js";
import { structuredResult } from "../results.js";
import type { InFlightRequests } from "./in-flight.js";
import type { SpacingLimiter } from "./rate-limiter.js";

/** What the gate in front of one session's server needs. */
export interface SessionGateOptions {
  /** Spaces `tools/call`; absent when rate limiting is off. */
  limiter?: SpacingLimiter;
  inFlight: InFlightRequests;
  logger: Logger;
  /** Names what is rate-limited in the error message, e.g. `dice requests`. */
  requestNoun?: string;
}

/** Controls a gate once installed. */
export interface SessionGate {
  /** Drops the session's waiting calls and answers nothing more for them. */
  close(): void;
}

type IncomingHandler = NonNullable<Transport["onmessage"]>;

/**
 * Installs itself between a connected transport and its server: spaces the session's tool calls
 * (delay, bounded queue, `RATE_LIMITED` past it) and counts in-flight requests for shutdown.
 * Call after `server.connect(transport)`.
 */
export function installSessionGate(transport: Transport, options: SessionGateOptions): SessionGate {
  const deliver = transport.onmessage as IncomingHandler | undefined;
  if (!deliver) throw new Error("installSessionGate needs a connected transport");
  const pending = new Set<RequestId>();
  const waiting = new Map<RequestId, number>();
  const { limiter, inFlight } = options;

  const finish = (id: RequestId) => {
    if (pending.delete(id)) inFlight.end();
  };

  const send = transport.send.bind(transport);
  transport.send = (message, sendOptions) => {
    if (("result" in message || "error" in message) && message.id !== undefined) finish(message.id);
    return send(message, sendOptions);
  };

  transport.onmessage = (message: JSONRPCMessage, extra) => {
    if ("method" in message && "id" in message && message.id !== undefined) {
      const id = message.id;
      if (!pending.has(id)) {
        pending.add(id);
        inFlight.begin();
      }
      if (message.method === "tools/call" && limiter) {
        const decision = limiter.schedule(() => {
          waiting.delete(id);
          deliver(message, extra);
        });
        if (decision.kind === "wait") waiting.set(id, decision.ticket);
        else if (decision.kind === "rejected") rejectRateLimited(id, decision.retryAfterMs);
        else deliver(message, extra);
        return;
      }
    } else if ("method" in message && message.method === "notifications/cancelled") {
      const id = (message.params as { requestId?: RequestId } | undefined)?.requestId;
      const ticket = id === undefined ? undefined : waiting.get(id);
      if (id !== undefined && ticket !== undefined && limiter?.cancel(ticket)) {
        waiting.delete(id);
        finish(id);
      }
    }
    deliver(message, extra);
  };

  function rejectRateLimited(id: RequestId, retryAfterMs: number): void {
    const noun = options.requestNoun ?? "requests";
    const max = limiter?.maxWaiting ?? 0;
    options.logger.warn("rate limited", { retry_after_ms: retryAfterMs });
    const result = structuredResult(
      {
        error: {
          code: "RATE_LIMITED",
          message: `Too many ${noun} waiting (${max}); retry after ${retryAfterMs} ms`,
          retry_after_ms: retryAfterMs,
        },
      },
      true,
    );
    transport.send({ jsonrpc: "2.0", id, result }, { relatedRequestId: id }).catch(() => {});
  }

  return {
    close() {
      limiter?.clear();
      for (const id of waiting.keys()) finish(id);
      waiting.clear();
      for (const id of [...pending]) finish(id);
    },
  };
}

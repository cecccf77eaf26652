import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Server, Transport } from "@modelcontextprotocol/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SpacingLimiter } from "../runtime/rate-limiter.js";
import { installSessionGate } from "../runtime/session-gate.js";
import { SessionRefusedError, type SessionRequest } from "../runtime/session-request.js";
import { identityOf } from "./client-identity.js";
import { sendError } from "./error-handlers.js";
import type { HttpContext } from "./http-context.js";
import { JsonRpcCode } from "./json-rpc-error.js";
import { boundResponse } from "./response-outbox.js";
import { admissionRefusal } from "./session-admission.js";
import type { HttpSession, SessionOwner } from "./session-store.js";

/**
 * Refuses a new session when shutdown has begun (503), when the process or this client holds
 * all the sessions it may (503 or 429, with `Retry-After`); otherwise asks the server factory
 * for the session's server, which may refuse it (400).
 * @returns the server, or `undefined` when the reply has been sent
 */
export async function admitSession(
  request: FastifyRequest,
  reply: FastifyReply,
  context: HttpContext,
  transport: SessionRequest["transport"],
): Promise<{ id: string; server: Server; owner: SessionOwner } | undefined> {
  if (!context.accepting()) {
    await sendError(reply, 503, JsonRpcCode.serverError, "Shutting down; no new sessions");
    return undefined;
  }
  const { address, subject, authInfo } = identityOf(request);
  const clientId = authInfo?.clientId ? authInfo.clientId : undefined;
  const owner: SessionOwner = {
    address,
    ...(subject !== undefined ? { subject } : {}),
    ...(clientId !== undefined ? { clientId } : {}),
  };
  const refusal = admissionRefusal(context.sessions, owner, context.limits);
  if (refusal) {
    context.options.logger.warn("session refused", { status: refusal.status, address });
    reply.header("retry-after", String(refusal.retryAfterSeconds));
    await sendError(reply, refusal.status, JsonRpcCode.serverError, refusal.message);
    return undefined;
  }
  const id = randomUUID();
  try {
    const query = queryOf(request.url);
    const session = transport === "streamable" ? { sessionId: id } : {};
    return { id, server: context.options.createServer({ transport, query, ...session }), owner };
  } catch (error) {
    if (!(error instanceof SessionRefusedError)) throw error;
    await sendError(reply, 400, JsonRpcCode.invalidParams, error.message);
    return undefined;
  }
}

/** Connects the gate and the bookkeeping common to both HTTP transports. */
export function openSession(
  context: HttpContext,
  opened: { id: string; kind: HttpSession["kind"]; server: Server; owner: SessionOwner },
  transport: Transport,
): HttpSession {
  const { options, sessions } = context;
  const gate = installSessionGate(transport, {
    inFlight: options.inFlight,
    logger: options.logger,
    ...(options.requestNoun ? { requestNoun: options.requestNoun } : {}),
    ...(options.rateLimitMs > 0 ? { limiter: new SpacingLimiter(options.rateLimitMs) } : {}),
  });
  const session: HttpSession = {
    ...opened,
    transport,
    gate,
    lastSeen: Date.now(),
    used: false,
    openStreams: 0,
  };
  sessions.add(session);
  options.logger.info("session opened", {
    session: opened.id,
    subject: opened.owner.subject,
    client: opened.owner.clientId,
  });
  const previousOnClose = transport.onclose;
  transport.onclose = () => {
    previousOnClose?.();
    gate.close();
    sessions.forget(opened.id);
  };
  return session;
}

/** Bounds what a response may hold for a client that does not read it (see `response-outbox.ts`). */
export function boundOutput(
  context: HttpContext,
  response: ServerResponse,
  sessionId: string,
): void {
  const { logger } = context.options;
  boundResponse(
    response,
    { bufferBytes: context.limits.streamBufferBytes, sendTimeoutMs: context.limits.sendTimeoutMs },
    {
      dropped: (count, bytes, final) =>
        logger.warn(
          final
            ? "notifications dropped for a client that was not reading"
            : "client not reading: dropping its oldest notifications",
          { session: sessionId, dropped: count, dropped_bytes: bytes },
        ),
      abandoned: (reason) => logger.warn(`connection dropped: ${reason}`, { session: sessionId }),
    },
  );
}

/** Counts a long-lived response, so the session does not expire while it is open. */
export function trackStream(session: HttpSession, response: ServerResponse): void {
  session.openStreams++;
  session.used = true;
  response.once("close", () => {
    session.openStreams--;
    session.lastSeen = Date.now();
  });
}

function queryOf(url: string): URLSearchParams {
  const start = url.indexOf("?");
  return new URLSearchParams(start === -1 ? "" : url.slice(start + 1));
}

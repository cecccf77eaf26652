import {
  type JSONRPCRequest,
  ProtocolErrorCode,
  type Result,
  type ServerRequest,
} from "@modelcontextprotocol/server";
import type { Upstream } from "../upstreams/upstream.js";
import { PASSTHROUGH_RESULT } from "../upstreams/upstream-client.js";
import { missingCapability, profileOf } from "./client-profile.js";
import type { PendingCall } from "./pending-call.js";
import { ProtocolError, toProtocolError } from "./protocol-error.js";
import type { SessionContext } from "./session-context.js";

/**
 * Passes an upstream's request to the one call of a 2026-07-28 client held open to it
 * (docs/gateway.md §7.6), to be asked in the client's next round; with none or several, the
 * upstream gets an error saying why.
 */
export function heldRequest(
  calls: readonly PendingCall[],
  upstream: Upstream,
  request: JSONRPCRequest,
  signal: AbortSignal,
): Promise<Result> {
  const [call] = calls;
  if (call && calls.length === 1) return call.ask(request, signal);
  const why =
    calls.length === 0
      ? "no call of that client to it is in flight"
      : `${calls.length} calls of that client to it are in flight, and its request does not say which one it belongs to`;
  return Promise.reject(
    new ProtocolError(
      ProtocolErrorCode.InternalError,
      `The gateway cannot pass "${request.method}" from upstream "${upstream.name}" to a 2026-07-28 client: ${why}.`,
    ),
  );
}

/** The longest timer Node keeps (about 24.8 days): in effect, no timeout. */
const NO_TIMEOUT_MS = 2_147_483_647;

/**
 * Passes a request from an upstream to the session's client (sampling, elicitation, roots):
 * refused when the client did not declare the capability it needs; else sent with no timeout
 * (a person may be answering), as part of the downstream request that caused it when exactly
 * one is being forwarded to that upstream (HTTP then carries it on that request's stream), and
 * answered back as the client answered.
 *
 * @param session - the session whose client is asked
 * @param upstream - who asks
 * @param request - the upstream's request
 * @param signal - aborts when the upstream cancels it
 */
export async function askClient(
  session: SessionContext,
  upstream: Upstream,
  request: JSONRPCRequest,
  signal: AbortSignal,
): Promise<Result> {
  const missing = missingCapability(profileOf(session.server.getClientCapabilities()), request);
  if (missing !== undefined) {
    throw new ProtocolError(
      ProtocolErrorCode.MethodNotFound,
      `The client of the session that called upstream "${upstream.name}" did not declare the "${missing}" capability, so it cannot answer "${request.method}".`,
    );
  }
  const ids = session.forwarding.to(upstream);
  const [related] = ids.size === 1 ? ids : [];
  const { jsonrpc: _version, id: _id, ...body } = request;
  try {
    return await session.server.request(body as ServerRequest, PASSTHROUGH_RESULT, {
      signal,
      timeout: NO_TIMEOUT_MS,
      ...(related !== undefined ? { relatedRequestId: related } : {}),
    });
  } catch (error) {
    throw toProtocolError(error);
  }
}

import {
  type JSONRPCRequest,
  ProtocolErrorCode,
  type Result,
  type ServerRequest,
} from "@modelcontextprotocol/server";
import type { Upstream } from "../upstreams/upstream.js";
import { PASSTHROUGH_RESULT } from "../upstreams/upstream-client.js";
import { missingCapability, profileOf } from "./client-profile.js";
import { ProtocolError, toProtocolError } from "./protocol-error.js";
import type { SessionContext } from "./session-context.js";

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

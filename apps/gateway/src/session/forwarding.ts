import {
  type AuthInfo,
  ProtocolErrorCode,
  type Request,
  type RequestId,
  type Result,
  SdkError,
  SdkErrorCode,
} from "@modelcontextprotocol/server";
import type { LinkRequestOptions, Upstream, UpstreamLink } from "../upstreams/upstream.js";
import { UpstreamFailure } from "../upstreams/upstream-failure.js";
import { withCallerMeta } from "./caller-meta.js";
import { ProtocolError, REQUEST_TIMEOUT } from "./protocol-error.js";
import type { DownstreamExtra } from "./session-context.js";

/**
 * A session's requests on their way to upstreams: sends them through the session's links with
 * each upstream's timeouts, and knows which downstream requests are being forwarded where, so
 * that an upstream's request for the client can go with the call that caused it.
 */
export class Forwarding {
  private readonly inFlight = new Map<Upstream, Set<RequestId>>();

  /**
   * @param linkOf - the session's link to an upstream
   * @param callerAuthInfo - the caller, for requests the session makes on its own (no `extra`)
   */
  constructor(
    private readonly linkOf: (upstream: Upstream) => UpstreamLink,
    private readonly callerAuthInfo: () => AuthInfo | undefined = () => undefined,
  ) {}

  /**
   * Sends any request but `tools/call` upstream with the upstream's timeouts, its `_meta` as
   * the upstream may see it (docs/gateway.md §4.5); a timeout or a lost upstream becomes the
   * JSON-RPC error the client gets (docs/gateway.md §7.1, §8.1).
   *
   * @param upstream - where to
   * @param request - method and params, names already the upstream's
   * @param extra - the downstream request being answered, if any (its signal cancels)
   */
  async forward(
    upstream: Upstream,
    request: Request,
    extra?: DownstreamExtra,
    options: Pick<LinkRequestOptions, "allowInputRequired"> = {},
  ): Promise<Result> {
    const entry = upstream.entry;
    const caller = extra ? extra.http?.authInfo : this.callerAuthInfo();
    const sent = withCallerMeta(request, upstream, caller);
    const send = () =>
      this.linkOf(upstream).request(sent, {
        ...options,
        ...(extra ? { signal: extra.mcpReq.signal } : {}),
        ...(caller ? { authInfo: caller } : {}),
        timeout: entry.timeoutMs,
        maxTotalTimeout: entry.maxTotalTimeoutMs,
        resetTimeoutOnProgress: true,
      });
    try {
      return await (extra ? this.track(upstream, extra.mcpReq.id, send) : send());
    } catch (error) {
      throw asProtocolError(upstream, error);
    }
  }

  /** Runs `send` as the forwarding of downstream request `id` to `upstream`. */
  async track<Value>(
    upstream: Upstream,
    id: RequestId,
    send: () => Promise<Value>,
  ): Promise<Value> {
    let ids = this.inFlight.get(upstream);
    if (!ids) {
      ids = new Set();
      this.inFlight.set(upstream, ids);
    }
    ids.add(id);
    try {
      return await send();
    } finally {
      ids.delete(id);
    }
  }

  /** The downstream requests being forwarded to `upstream` now. */
  to(upstream: Upstream): ReadonlySet<RequestId> {
    return this.inFlight.get(upstream) ?? new Set();
  }
}

function asProtocolError(upstream: Upstream, error: unknown): unknown {
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return new ProtocolError(REQUEST_TIMEOUT, "Request timed out", {
      upstream: upstream.name,
    });
  }
  if (error instanceof UpstreamFailure) {
    return new ProtocolError(ProtocolErrorCode.InternalError, error.message, {
      upstream: upstream.name,
      reason: error.reason,
    });
  }
  return error;
}

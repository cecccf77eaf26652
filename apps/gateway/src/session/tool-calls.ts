import {
  type AuthInfo,
  type CallToolResult,
  ProtocolErrorCode,
  type RequestOptions,
  type Result,
  SdkError,
  SdkErrorCode,
} from "@modelcontextprotocol/server";
import type { SpacingLimiter } from "@tabletop-mcp/kit/cli";
import type { ExposedTool } from "../catalog/catalog.js";
import { exposedToolResult } from "../catalog/exposed-uris.js";
import { currentTier, withinTier } from "../tiers/tiers.js";
import type { LinkRequestOptions } from "../upstreams/upstream.js";
import { describeError, UpstreamFailure } from "../upstreams/upstream-failure.js";
import { upstreamMeta } from "./caller-meta.js";
import {
  asksForInput,
  type InputRound,
  MAX_INPUT_ROUNDS,
  nextRound,
  openRound,
  roundAnswers,
  sealInputRequest,
} from "./input-rounds.js";
import {
  MAX_WAITING_CALLS,
  MAX_WAITING_CALLS_PER_CALLER,
  type PendingCall,
} from "./pending-call.js";
import { ProtocolError } from "./protocol-error.js";
import type { DownstreamExtra, SessionContext } from "./session-context.js";
import { declaresTasks, isTaskResult, passedTask } from "./task-requests.js";
import { errorResult, failureResult, redactedErrorResult } from "./tool-results.js";

/**
 * Answers `tools/call`: finds the exposed tool, refuses it outside the session's latency
 * budget, waits for the session's turn at the upstream's `rate_limit_ms`, and forwards it
 * with the original name (docs/gateway.md §7.1). The statistics record every answered call.
 *
 * @param session - the calling session
 * @param params - the request's params, as the client sent them
 * @param extra - the downstream request (signal, id, notification channel)
 * @throws ProtocolError for a name the session cannot call; an upstream's JSON-RPC error
 */
export async function callTool(
  session: SessionContext,
  params: Record<string, unknown>,
  extra: DownstreamExtra,
): Promise<Result> {
  const catalog = session.host.catalog;
  const tool = typeof params.name === "string" ? catalog.tools.get(params.name) : undefined;
  if (!tool) throw unknownTool(session, params.name);
  const outsideBudget = budgetRefusal(session, tool);
  if (outsideBudget) return outsideBudget;
  const limiter = session.limiter(tool.upstream);
  if (limiter) {
    const refused = await waitForSlot(limiter, extra.mcpReq.signal);
    if (refused) return refused;
  }
  return forwardCall(session, tool, params, extra);
}

/** Sends the call upstream and records how it went. */
async function forwardCall(
  session: SessionContext,
  tool: ExposedTool,
  params: Record<string, unknown>,
  extra: DownstreamExtra,
): Promise<Result> {
  const round = openRound(tool.name, extra);
  if (round?.pending !== undefined) return continueHeldCall(session, tool, round, extra);
  if (holdsOpen(session, tool)) return startHeldCall(session, tool, params, extra);
  const link = session.link(tool.upstream);
  const progress = progressRelay(params, extra);
  const request = {
    method: "tools/call",
    params: {
      ...upstreamCallParams(tool, params, extra.http?.authInfo),
      ...(round ? roundAnswers(round, extra) : {}),
    },
  };
  const started = performance.now();
  try {
    const result = (await session.forwarding.track(tool.upstream, extra.mcpReq.id, () =>
      link.request(request, callOptions(session, tool, extra, progress.relay)),
    )) as CallToolResult;
    progress.stop();
    if (isTaskResult(result)) return taskCreated(session, tool, result, started, extra);
    if (asksForInput(result)) {
      if (nextRound(round) > MAX_INPUT_ROUNDS) return failureResult(tooManyRounds(tool));
      return await sealInputRequest(session, tool.name, result, round, extra);
    }
    return answered(session, tool, result, started);
  } catch (error) {
    progress.stop();
    return failed(session, tool, error, started, extra);
  }
}

/** A task the upstream created for the call, recorded and passed on (docs/gateway.md §7.7). */
function taskCreated(
  session: SessionContext,
  tool: ExposedTool,
  result: Result,
  started: number,
  extra: DownstreamExtra,
): Result {
  tool.stats.record(performance.now() - started, false);
  session.host.toolRecorded();
  return passedTask(session, tool.upstream, result, extra);
}

/** An upstream's answer, recorded and passed on (docs/gateway.md §7.1). */
function answered(
  session: SessionContext,
  tool: ExposedTool,
  result: CallToolResult,
  started: number,
): Result {
  tool.stats.record(performance.now() - started, result.isError === true);
  session.host.toolRecorded();
  const answer = result.isError === true ? redactedErrorResult(result) : result;
  return exposedToolResult(tool.upstream.entry.prefix, answer);
}

/** A call that got no answer, recorded, and answered as docs/gateway.md §8.2 says. */
function failed(
  session: SessionContext,
  tool: ExposedTool,
  error: unknown,
  started: number,
  extra: DownstreamExtra,
): Result {
  if (extra.mcpReq.signal.aborted) {
    tool.stats.cancelled();
    throw error;
  }
  tool.stats.record(performance.now() - started, true);
  session.host.toolRecorded();
  // The upstream's own JSON-RPC error goes to the client as is, and so does a connection the
  // SDK closed under the call (-32000, as with SDK v1); a timeout or an unreachable upstream
  // is a failure result (docs/gateway.md §8.2).
  if (error instanceof ProtocolError) throw error;
  if (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed) throw error;
  return failureResult(callFailure(tool, error));
}

/**
 * Whether a call is held open across the client's rounds (docs/gateway.md §7.6): a 2026-07-28
 * client's call to an upstream of the 2025 revisions, which asks for input with requests of
 * its own that such a client cannot be sent. Builtins and 2026-07-28 upstreams ask by
 * answering `input_required` instead.
 */
function holdsOpen(session: SessionContext, tool: ExposedTool): boolean {
  return session.modern && !tool.upstream.modern && tool.upstream.entry.kind !== "builtin";
}

/** Sends a call to be held open across rounds, and waits for its first step. */
async function startHeldCall(
  session: SessionContext,
  tool: ExposedTool,
  params: Record<string, unknown>,
  extra: DownstreamExtra,
): Promise<Result> {
  const link = session.link(tool.upstream);
  const progress = progressRelay(params, extra);
  const request = {
    method: "tools/call",
    params: upstreamCallParams(tool, params, extra.http?.authInfo),
  };
  const options = callOptions(session, tool, extra, progress.relay);
  const call = session.host.pendingCalls.start(tool.upstream, session.linkOwner(), (signal) =>
    link.request(request, { ...options, signal }),
  );
  try {
    return await nextStep(session, tool, call, 0, extra);
  } finally {
    // Progress reaches the client only on the stream of the request it came with.
    progress.stop();
  }
}

/** A retry of a call held open: the client's answers go to the requests that wait for them. */
async function continueHeldCall(
  session: SessionContext,
  tool: ExposedTool,
  round: InputRound,
  extra: DownstreamExtra,
): Promise<Result> {
  const call = session.host.pendingCalls.get(round.pending ?? "");
  if (!call || call.upstream !== tool.upstream) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      "Invalid params: the call this requestState continues is no longer waiting for input (it was answered, cancelled or expired, or it was started by another gateway process)",
    );
  }
  const missing = call.answer(extra.mcpReq.inputResponses ?? {});
  if (missing.length > 0) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Invalid params: inputResponses must answer ${missing.map((key) => JSON.stringify(key)).join(", ")}`,
    );
  }
  return nextStep(session, tool, call, round.rounds, extra);
}

/** Waits for a held call's next step: its answer, or the input it asks for. */
async function nextStep(
  session: SessionContext,
  tool: ExposedTool,
  call: PendingCall,
  rounds: number,
  extra: DownstreamExtra,
): Promise<Result> {
  const started = performance.now();
  const step = await call.next(extra.mcpReq.signal);
  if (step.kind === "done") return answered(session, tool, step.result as CallToolResult, started);
  if (step.kind === "failed") return failed(session, tool, step.error, started, extra);
  if (rounds + 1 > MAX_INPUT_ROUNDS) {
    call.end("too many rounds of input");
    return failureResult(tooManyRounds(tool));
  }
  if (!session.host.pendingCalls.mayWait(call)) {
    call.end("too many calls wait for input");
    return failureResult(
      new UpstreamFailure(
        tool.upstream.name,
        "capacity",
        `${MAX_WAITING_CALLS_PER_CALLER} calls of this client (or ${MAX_WAITING_CALLS} in all) already wait for input through the gateway; answer one, or retry later.`,
      ),
    );
  }
  const requestState = await session.host.inputRounds.mint(
    { name: tool.name, rounds: rounds + 1, pending: call.id },
    extra,
  );
  return { resultType: "input_required", inputRequests: step.requests, requestState } as Result;
}

/** The failure of a call whose upstream asked for input more than {@link MAX_INPUT_ROUNDS} times. */
function tooManyRounds(tool: ExposedTool): UpstreamFailure {
  const upstream = tool.upstream;
  return new UpstreamFailure(
    upstream.name,
    "input_rounds",
    `Upstream "${upstream.name}" asked for input more than ${MAX_INPUT_ROUNDS} times in one call of "${tool.name}"; the call was given up.`,
  );
}

/**
 * Passes the upstream's progress on as the client's own: with the token the client sent (none,
 * none passed), as part of its request, and never after the answer.
 */
function progressRelay(
  params: Record<string, unknown>,
  extra: DownstreamExtra,
): { relay: NonNullable<RequestOptions["onprogress"]>; stop(): void } {
  const token = (params._meta as { progressToken?: unknown } | undefined)?.progressToken;
  let done = false;
  return {
    relay: (progress) => {
      if (done || token === undefined) return;
      void extra.mcpReq.notify({
        method: "notifications/progress",
        params: { ...progress, progressToken: token as string | number },
      });
    },
    stop: () => {
      done = true;
    },
  };
}

/** A call's options: the client's signal, the upstream's timeouts reset by progress. */
function callOptions(
  session: SessionContext,
  tool: ExposedTool,
  extra: DownstreamExtra,
  onprogress: NonNullable<RequestOptions["onprogress"]>,
): LinkRequestOptions {
  const entry = tool.upstream.entry;
  const authInfo = extra.http?.authInfo;
  // A task may come back only to a 2026-07-28 client that declared the extension (§7.7).
  const tasks = session.modern && tool.upstream.offersTasks && declaresTasks(extra);
  return {
    ...(tasks ? { tasks } : {}),
    signal: extra.mcpReq.signal,
    // An upstream's input_required comes back to be passed on (docs/gateway.md §7.6).
    allowInputRequired: true,
    ...(authInfo ? { authInfo } : {}),
    timeout: entry.timeoutMs,
    maxTotalTimeout: entry.maxTotalTimeoutMs,
    resetTimeoutOnProgress: true,
    onprogress,
  };
}

/** The refusal of a call to a tool outside this session's latency budget. */
function budgetRefusal(session: SessionContext, tool: ExposedTool): CallToolResult | undefined {
  if (session.tier === "deep") return undefined;
  const tier = currentTier(tool.declaredTier, tool.stats);
  if (withinTier(tier, session.tier)) return undefined;
  const p50 = tool.stats.percentile(50);
  const measured = p50 === null ? `declared ${tier}` : `p50 ${p50} ms`;
  return failureResult(
    new UpstreamFailure(
      tool.upstream.name,
      "budget",
      `Tool "${tool.name}" is outside this session's "${session.tier}" latency budget (${measured}).`,
    ),
  );
}

/** The error of a call to a name this session cannot call, as the servers themselves answer it. */
function unknownTool(session: SessionContext, name: unknown): ProtocolError {
  if (typeof name !== "string") {
    return new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      "tools/call needs params.name, a tool name",
    );
  }
  const available = session.tools.visible().map((tool) => tool.name);
  return new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `Unknown tool: ${name}; available tools are ${available.join(", ")}`,
  );
}

/** Waits for this session's turn at an upstream's `rate_limit_ms`; a refusal when the queue is full. */
function waitForSlot(
  limiter: SpacingLimiter,
  signal: AbortSignal,
): Promise<CallToolResult | undefined> {
  return new Promise((resolve, reject) => {
    const decision = limiter.schedule(() => {
      signal.removeEventListener("abort", onAbort);
      resolve(undefined);
    });
    function onAbort() {
      if (decision.kind === "wait") limiter.cancel(decision.ticket);
      reject(new SdkError(SdkErrorCode.ConnectionClosed, "Request was cancelled"));
    }
    if (decision.kind === "rejected") {
      resolve(
        errorResult({
          code: "RATE_LIMITED",
          message: `Too many requests waiting (${limiter.maxWaiting}); retry after ${decision.retryAfterMs} ms`,
          retry_after_ms: decision.retryAfterMs,
        }),
      );
    } else if (decision.kind === "wait") {
      signal.addEventListener("abort", onAbort, { once: true });
    } else resolve(undefined);
  });
}

/**
 * The `tools/call` params sent upstream: the original name, the arguments and `_meta` as the
 * client sent them, less its progress token (the gateway supplies its own) and any `tabletop/`
 * key it claims; a trusted upstream learns the caller from the gateway instead (§4.5).
 */
function upstreamCallParams(
  tool: ExposedTool,
  params: Record<string, unknown>,
  caller: AuthInfo | undefined,
): Record<string, unknown> {
  const upstreamParams: Record<string, unknown> = { name: tool.original };
  if (params.arguments !== undefined) upstreamParams.arguments = params.arguments;
  const { progressToken: _dropped, ...given } = (params._meta ?? {}) as Record<string, unknown>;
  const meta = upstreamMeta(given, tool.upstream, caller);
  if (meta !== undefined) upstreamParams._meta = meta;
  return upstreamParams;
}

/** Why a call forwarded upstream failed without an answer: a timeout, or the upstream lost. */
function callFailure(tool: ExposedTool, error: unknown): UpstreamFailure {
  const upstream = tool.upstream;
  if (error instanceof UpstreamFailure) return error;
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return new UpstreamFailure(
      upstream.name,
      "timeout",
      `Upstream "${upstream.name}" did not answer tools/call "${tool.original}" within ${upstream.entry.timeoutMs} ms without progress; the call was cancelled upstream.`,
    );
  }
  return new UpstreamFailure(
    upstream.name,
    "unavailable",
    `Upstream "${upstream.name}" failed: ${describeError(error)}`,
  );
}

import { randomBytes } from "node:crypto";
import {
  createRequestStateCodec,
  ProtocolErrorCode,
  type RequestStateCodec,
  type Result,
} from "@modelcontextprotocol/server";
import { identityFromAuthInfo } from "@tabletop-mcp/kit/auth";
import { ProtocolError } from "./protocol-error.js";
import type { DownstreamExtra, SessionContext } from "./session-context.js";

/**
 * What the gateway seals into the `requestState` of an `input_required` answer it passes on
 * (docs/gateway.md §7.6): the tool, the upstream's own state, and how many rounds the call took.
 */
export interface InputRound {
  /** The exposed name of the tool or prompt asked for (the method is bound by the seal). */
  name: string;
  /** The upstream's own `requestState`, given back to it byte for byte on the retry. */
  state?: string;
  /** The call held open on this gateway process, for an upstream of the 2025 revisions. */
  pending?: string;
  rounds: number;
}

/** The most rounds of input one call may ask for through the gateway. */
export const MAX_INPUT_ROUNDS = 16;

/** How long a client may take to answer (a person may be answering): ten minutes. */
const ROUND_TTL_SECONDS = 600;

/**
 * The sealing of {@link InputRound}s: an HMAC under a key of this gateway process, bound to the
 * method and the caller's subject, valid ten minutes. A state from another process, another
 * caller or another method, tampered with or expired, is refused with `-32602` by the SDK
 * before any handler runs.
 */
export function createRoundCodec(): RequestStateCodec<InputRound> {
  return createRequestStateCodec<InputRound>({
    key: randomBytes(32),
    ttlSeconds: ROUND_TTL_SECONDS,
    bind: (ctx) => `${ctx.mcpReq.method}\u0000${identityFromAuthInfo(ctx.http?.authInfo).subject}`,
  });
}

/**
 * The round a retried request continues: the `requestState` the gateway sealed, which the SDK
 * has verified (another process's, caller's, method's or a tampered one never gets here). A
 * state sealed for another tool or prompt is refused.
 *
 * @param name - the exposed name of the tool or prompt the retry asks for
 */
export function openRound(name: string, extra: DownstreamExtra): InputRound | undefined {
  const round = extra.mcpReq.requestState<InputRound>();
  if (round === undefined) return undefined;
  if (typeof round !== "object" || round === null || round.name !== name) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Invalid params: requestState was not issued for ${JSON.stringify(name)}`,
    );
  }
  return round;
}

/** What a retry tells the upstream: the client's answers, and its own state back. */
export function roundAnswers(round: InputRound, extra: DownstreamExtra): Record<string, unknown> {
  const responses = extra.mcpReq.inputResponses;
  return {
    ...(responses !== undefined ? { inputResponses: responses } : {}),
    ...(round.state !== undefined ? { requestState: round.state } : {}),
  };
}

/** The round an answer to `round` would be; past {@link MAX_INPUT_ROUNDS} it is given up. */
export function nextRound(round: InputRound | undefined): number {
  return (round?.rounds ?? 0) + 1;
}

/**
 * Passes an upstream's `input_required` on to the client: its input requests as they are, and
 * a `requestState` of the gateway's own that seals the upstream's (docs/gateway.md §7.6). A
 * 2025 client's session has the SDK ask the client and call again; a 2026-07-28 client retries
 * itself.
 *
 * @throws ProtocolError past {@link MAX_INPUT_ROUNDS} rounds
 */
export async function sealInputRequest(
  session: SessionContext,
  name: string,
  result: Result,
  round: InputRound | undefined,
  extra: DownstreamExtra,
): Promise<Result> {
  const rounds = nextRound(round);
  if (rounds > MAX_INPUT_ROUNDS) {
    throw new ProtocolError(
      ProtocolErrorCode.InternalError,
      `The upstream of ${JSON.stringify(name)} asked for input more than ${MAX_INPUT_ROUNDS} times in one request; it was given up.`,
    );
  }
  const { inputRequests, requestState } = result as {
    inputRequests?: unknown;
    requestState?: unknown;
  };
  const state = typeof requestState === "string" ? { state: requestState } : {};
  const sealed = await session.host.inputRounds.mint({ name, rounds, ...state }, extra);
  return {
    resultType: "input_required",
    ...(inputRequests !== undefined ? { inputRequests } : {}),
    requestState: sealed,
  } as Result;
}

/** Whether an upstream's result asks the client for input (the 2026-07-28 revision). */
export function asksForInput(result: Result): boolean {
  return (result as { resultType?: unknown }).resultType === "input_required";
}

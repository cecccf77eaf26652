import { randomBytes } from "node:crypto";
import {
  createRequestStateCodec,
  type RequestStateCodec,
  type Result,
} from "@modelcontextprotocol/server";
import { identityFromAuthInfo } from "@tabletop-mcp/kit/auth";

/**
 * What the gateway seals into the `requestState` of an `input_required` answer it passes on
 * (docs/gateway.md §7.6): the tool, the upstream's own state, and how many rounds the call took.
 */
export interface InputRound {
  /** The tool's exposed name. */
  tool: string;
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

/** Whether an upstream's result asks the client for input (the 2026-07-28 revision). */
export function asksForInput(result: Result): boolean {
  return (result as { resultType?: unknown }).resultType === "input_required";
}

import { ProtocolError } from "@modelcontextprotocol/server";
import { boundText } from "./bounded-text.js";

/** Why a call to an upstream failed without an answer from it (docs/gateway.md §8.2). */
export type FailureReason =
  | "unavailable"
  | "restarting"
  | "exited"
  | "timeout"
  | "session_lost"
  | "unauthorized"
  | "capacity"
  | "budget"
  | "input_rounds";

/**
 * A call that could not reach its upstream, or lost it; becomes an `isError` result. The
 * message is held to the limit of upstream text (docs/gateway.md §13), since it may quote one.
 */
export class UpstreamFailure extends Error {
  constructor(
    readonly upstream: string,
    readonly reason: FailureReason,
    message: string,
  ) {
    super(boundText(message));
    this.name = "UpstreamFailure";
  }
}

/**
 * The one-line description of any thrown value: a network error's cause (`connect
 * ECONNREFUSED …` rather than `fetch failed`), and a `ProtocolError`'s text without any
 * `MCP error CODE: ` an upstream on SDK v1 wrote before it. The text may be an upstream's, so it
 * is held to the limit of upstream text (docs/gateway.md §13).
 */
export function describeError(error: unknown): string {
  return boundText(fullDescription(error));
}

function fullDescription(error: unknown): string {
  if (error instanceof ProtocolError) return withoutCodePrefix(error.message, error.code);
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    const code = (cause as { code?: unknown } | undefined)?.code;
    if (typeof code === "string" && cause instanceof Error) return cause.message;
    return error.message;
  }
  return String(error);
}

/**
 * SDK v1's `McpError` writes `MCP error CODE: ` before its text, so an upstream built on it
 * sends its error messages with that prefix (and a v1 client wrapped it again). Every copy goes.
 *
 * @param message - a `ProtocolError`'s message
 * @param code - its code
 * @returns the text alone
 */
export function withoutCodePrefix(message: string, code: number): string {
  const prefix = `MCP error ${code}: `;
  let text = message;
  while (text.startsWith(prefix)) text = text.slice(prefix.length);
  return text;
}

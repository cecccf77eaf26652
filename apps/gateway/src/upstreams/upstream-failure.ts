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
  | "budget";

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
 * ECONNREFUSED …` rather than `fetch failed`), and an `McpError`'s text without the
 * `MCP error CODE: ` the SDK writes before it. The text may be an upstream's, so it is held to
 * the limit of upstream text (docs/gateway.md §13).
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
 * `McpError` writes `MCP error CODE: ` before its text; an upstream that answered with such a
 * text already gets it twice once the SDK client wraps it again. Both copies go.
 *
 * @param message - an `McpError`'s message
 * @param code - its code
 * @returns the text alone
 */
export function withoutCodePrefix(message: string, code: number): string {
  const prefix = `MCP error ${code}: `;
  let text = message;
  while (text.startsWith(prefix)) text = text.slice(prefix.length);
  return text;
}

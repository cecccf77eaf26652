/** Why a call to an upstream failed without an answer from it (gateway.md §9). */
export type FailureReason =
  | "unavailable"
  | "restarting"
  | "exited"
  | "timeout"
  | "session_lost"
  | "unauthorized"
  | "capacity"
  | "budget";

/** A call that could not reach its upstream, or lost it; becomes an `isError` result. */
export class UpstreamFailure extends Error {
  constructor(
    readonly upstream: string,
    readonly reason: FailureReason,
    message: string,
  ) {
    super(message);
    this.name = "UpstreamFailure";
  }
}

/** The one-line description of any thrown value. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    const code = (cause as { code?: unknown } | undefined)?.code;
    if (typeof code === "string" && cause instanceof Error) return cause.message;
    return error.message;
  }
  return String(error);
}

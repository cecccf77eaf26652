import type { IncomingMessage } from "node:http";

/** How much of a refused body may be read and thrown away, and for how long. */
export interface DiscardLimits {
  maxBytes: number;
  timeoutMs: number;
}

/**
 * Reads what is left of a request body and throws it away, chunk by chunk, within the limits.
 * A server that answers and closes a connection with body bytes still unread makes the kernel
 * reset it, and a client still writing its body sees that reset instead of the answer; reading
 * the body out first lets the answer arrive.
 * @returns `true` when the body was read to its end, `false` when a limit stopped the reading
 *   or the client went away
 */
export function discardBody(request: IncomingMessage, limits: DiscardLimits): Promise<boolean> {
  if (request.complete || request.destroyed) return Promise.resolve(request.complete);
  return new Promise((resolve) => {
    let discarded = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("close", onClose);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > limits.maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(request.complete);
    const timer = setTimeout(() => finish(false), limits.timeoutMs);
    request.on("data", onData);
    request.once("end", onEnd);
    request.once("close", onClose);
    // An aborted upload ends the wait through `close`; the error itself needs no answer.
    request.on("error", () => undefined);
    request.resume();
  });
}

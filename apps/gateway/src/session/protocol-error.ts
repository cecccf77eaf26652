import { ProtocolErrorCode } from "@modelcontextprotocol/server";
import { ProtocolError, type Redactor } from "@tabletop-mcp/kit";
import { withoutCodePrefix } from "../upstreams/upstream-failure.js";

/**
 * A JSON-RPC error the gateway answers a downstream request with: the SDK's `ProtocolError`
 * (through the kit), whose message is only what it says, since the code travels beside it.
 */
export { ProtocolError };

/**
 * The error a downstream request is answered with, whatever was thrown: a `ProtocolError` (the
 * gateway's own, or an upstream's JSON-RPC error as the SDK client rebuilt it) keeps its code
 * and data and loses any `MCP error CODE: ` prefixes in front of its text (an upstream built on
 * SDK v1 sends its messages so); the message and every string in `data` pass the redactor, when
 * given, on their way out. Anything else is `-32603` with its message.
 *
 * @param error - what a request handler threw
 * @param redactor - hides secrets (for answers to a client)
 * @returns the error to throw to the SDK
 */
export function toProtocolError(error: unknown, redactor?: Redactor): ProtocolError {
  const redact = (text: string) => (redactor ? redactor.redact(text) : text);
  if (error instanceof ProtocolError) {
    const message = withoutCodePrefix(error.message, error.code);
    const data =
      error.data === undefined || !redactor ? error.data : redactor.redactDeep(error.data);
    return new ProtocolError(error.code, redact(message), data);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProtocolError(ProtocolErrorCode.InternalError, redact(message));
}

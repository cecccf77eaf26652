import { ProtocolErrorCode, SdkError, SdkErrorCode } from "@modelcontextprotocol/server";
import { ProtocolError, type Redactor } from "@tabletop-mcp/kit";
import { withoutCodePrefix } from "../upstreams/upstream-failure.js";

/**
 * The JSON-RPC codes a request that timed out, or whose connection closed, is answered with:
 * SDK v1's `ErrorCode.RequestTimeout` and `ErrorCode.ConnectionClosed`. SDK v2 raises both
 * locally as an `SdkError` with a string code, and the gateway's answers keep these codes.
 */
export const REQUEST_TIMEOUT = -32001;
export const CONNECTION_CLOSED = -32000;

const LOCAL_ERROR_CODES: ReadonlyMap<SdkErrorCode, number> = new Map([
  [SdkErrorCode.RequestTimeout, REQUEST_TIMEOUT],
  [SdkErrorCode.ConnectionClosed, CONNECTION_CLOSED],
]);

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
 * given, on their way out. The SDK's timeout and closed connection are `-32001` and `-32000`;
 * anything else is `-32603`, each with its message.
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
  const local = error instanceof SdkError ? LOCAL_ERROR_CODES.get(error.code) : undefined;
  return new ProtocolError(local ?? ProtocolErrorCode.InternalError, redact(message));
}

import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

/**
 * A JSON-RPC error the gateway answers a downstream request with. The SDK sends an error's
 * `code`, `message` and `data` as they are; unlike `McpError`, whose message starts with
 * `MCP error CODE: `, the message here is only what it says, since the code travels beside it.
 */
export class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "ProtocolError";
  }
}

/**
 * The error a downstream request is answered with, whatever was thrown: an `McpError` (the
 * gateway's own, or an upstream's JSON-RPC error as the SDK client rebuilt it) keeps its code
 * and data and loses the `MCP error CODE: ` prefixes the SDK put in front of its text; every
 * text passes `clean` (redaction) on its way out.
 *
 * @param error - what a request handler threw
 * @param clean - applied to the message and to every string inside `data`
 * @returns the error to throw to the SDK
 */
export function toProtocolError(error: unknown, clean: (text: string) => string): ProtocolError {
  if (error instanceof McpError || error instanceof ProtocolError) {
    const data = error.data === undefined ? undefined : cleanStrings(error.data, clean);
    return new ProtocolError(error.code, clean(withoutCodePrefix(error.message, error.code)), data);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProtocolError(ErrorCode.InternalError, clean(message));
}

/**
 * `McpError` writes `MCP error CODE: ` before its text; an upstream that answered with such a
 * text already gets it twice once the SDK client wraps it again. Both copies go.
 */
function withoutCodePrefix(message: string, code: number): string {
  const prefix = `MCP error ${code}: `;
  let text = message;
  while (text.startsWith(prefix)) text = text.slice(prefix.length);
  return text;
}

function cleanStrings(value: unknown, clean: (text: string) => string): unknown {
  if (typeof value === "string") return clean(value);
  if (Array.isArray(value)) return value.map((item) => cleanStrings(item, clean));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, cleanStrings(item, clean)]),
    );
  }
  return value;
}

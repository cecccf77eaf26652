/** Shape checks of JSON-RPC 2.0 messages. */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The error member of a JSON-RPC error response, or `undefined` if `message` is not one. */
export function jsonRpcError(message: unknown): { code: number; message: string } | undefined {
  if (!isRecord(message) || message.jsonrpc !== "2.0" || !isRecord(message.error)) return undefined;
  const { code, message: text } = message.error;
  if (!Number.isInteger(code) || typeof text !== "string") return undefined;
  return { code: code as number, message: text };
}

/** Whether `message` is a JSON-RPC success response. */
export function isJsonRpcResult(message: unknown): boolean {
  return (
    isRecord(message) && message.jsonrpc === "2.0" && isRecord(message.result) && "id" in message
  );
}

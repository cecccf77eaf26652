import type { ServerResponse } from "node:http";

/** JSON-RPC error codes the HTTP layer answers with. */
export const JsonRpcCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  serverError: -32000,
  sessionNotFound: -32001,
} as const;

/** The JSON-RPC shaped body every HTTP error carries (never HTML, never a stack trace). */
export function jsonRpcErrorBody(code: number, message: string): string {
  return JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null });
}

/** Writes a JSON-RPC shaped error straight to a raw response. */
export function writeJsonRpcError(
  response: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(jsonRpcErrorBody(code, message));
}

import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { UpstreamFailure } from "../upstreams/upstream-failure.js";

/** An `isError` result in the contract's domain-error shape, as structured content and text. */
export function errorResult(error: Record<string, unknown>): CallToolResult {
  const body = { error };
  return {
    content: [{ type: "text", text: JSON.stringify(body) }],
    structuredContent: body,
    isError: true,
  };
}

/** The result of a call that could not reach its upstream (gateway.md §9). */
export function failureResult(failure: UpstreamFailure): CallToolResult {
  return errorResult({
    code: "FAILED_PRECONDITION",
    upstream: failure.upstream,
    reason: failure.reason,
    message: failure.message,
  });
}

import type { CallToolResult } from "@modelcontextprotocol/server";
import { processRedactor } from "@tabletop-mcp/kit";
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

/** The result of a call that could not reach its upstream (docs/gateway.md §8.2). */
export function failureResult(failure: UpstreamFailure): CallToolResult {
  return errorResult({
    code: "FAILED_PRECONDITION",
    upstream: failure.upstream,
    reason: failure.reason,
    message: processRedactor.redact(failure.message),
  });
}

/**
 * An upstream's `isError` result with its texts redacted: an upstream that repeats the
 * credential it was given in its error must not hand it to the client. Nothing else changes,
 * so a result without secrets comes back byte for byte. A text block that is the compact JSON
 * of the structured content (as every kit server writes it) is written again from the redacted
 * structured content rather than redacted as text: JSON escapes shift where a secret's pattern
 * starts and ends, and the two would otherwise disagree.
 */
export function redactedErrorResult(result: CallToolResult): CallToolResult {
  const { structuredContent } = result;
  if (structuredContent === undefined) {
    return { ...result, content: processRedactor.redactDeep(result.content) };
  }
  const structuredText = JSON.stringify(structuredContent);
  const redactedStructured = processRedactor.redactDeep(structuredContent);
  const content = result.content.map((block) =>
    block.type === "text" && block.text === structuredText
      ? { ...block, text: JSON.stringify(redactedStructured) }
      : processRedactor.redactDeep(block),
  );
  return { ...result, content, structuredContent: redactedStructured };
}

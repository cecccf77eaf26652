import type { CallToolResult } from "@modelcontextprotocol/server";
import type {
  DomainErrorBody,
  InvalidParametersBody,
  ParameterProblem,
  ToolError,
} from "./errors.js";
import { boundProblems } from "./validation/bound-problems.js";

/**
 * Wraps a tool's structured answer the way the contract requires: `structuredContent` plus the
 * same JSON as one text item, for clients that ignore structured content.
 */
export function structuredResult(value: Record<string, unknown>, isError = false): CallToolResult {
  const result: CallToolResult = {
    content: [{ type: "text", text: JSON.stringify(value) }],
    structuredContent: value,
  };
  if (isError) result.isError = true;
  return result;
}

/** The `Invalid parameters provided` result for the given problems, at most 20 listed. */
export function invalidParametersResult(problems: readonly ParameterProblem[]): CallToolResult {
  const body: InvalidParametersBody = {
    error: { message: "Invalid parameters provided", details: boundProblems(problems) },
  };
  return structuredResult(body as unknown as Record<string, unknown>, true);
}

/** The domain-error result for a {@link ToolError}. */
export function toolErrorResult(error: ToolError): CallToolResult {
  const body: DomainErrorBody = {
    error: { code: error.code, message: error.message, ...error.fields },
  };
  return structuredResult(body as unknown as Record<string, unknown>, true);
}

/** The result of a handler that failed unexpectedly: a generic message, never a stack trace. */
export function internalErrorResult(message: string): CallToolResult {
  const body: DomainErrorBody = { error: { code: "INTERNAL", message } };
  return structuredResult(body as unknown as Record<string, unknown>, true);
}

/** The result that replaces an answer over its tool's size limit. */
export function answerTooLargeResult(tool: string, bytes: number, limit: number): CallToolResult {
  const body: DomainErrorBody = {
    error: {
      code: "RESOURCE_EXHAUSTED",
      message: `The answer of ${tool} is ${bytes} bytes, more than the ${limit} bytes this server sends in one answer of ${tool}; ask for less, e.g. with narrower arguments`,
      answer_bytes: bytes,
      max_answer_bytes: limit,
    },
  };
  return structuredResult(body as unknown as Record<string, unknown>, true);
}

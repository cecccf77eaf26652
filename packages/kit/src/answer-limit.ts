import type { CallToolResult } from "@modelcontextprotocol/server";
import type { Logger } from "./logger.js";
import { answerTooLargeResult } from "./results.js";

/**
 * Lets an answer through when it fits its tool's limit, else replaces it with the
 * `RESOURCE_EXHAUSTED` result. The size is the UTF-8 length of the answer's text, which for
 * every kit tool is the compact JSON of its structured content.
 */
export function limitAnswer(
  tool: string,
  result: CallToolResult,
  limit: number,
  logger: Logger,
): CallToolResult {
  let bytes = 0;
  for (const item of result.content) {
    if (item.type === "text") bytes += Buffer.byteLength(item.text, "utf8");
  }
  if (bytes <= limit) return result;
  logger.warn("answer over its size limit", { tool, bytes, limit });
  return answerTooLargeResult(tool, bytes, limit);
}

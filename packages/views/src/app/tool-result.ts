import type { CallToolResult } from "@modelcontextprotocol/server";
import { isJsonObject, type JsonObject, objectsOf } from "./json.js";

/**
 * The structured content of a successful tool result.
 *
 * @param result - a tool result as the host delivers it
 * @returns its `structuredContent`, or `undefined` for an error or a result without one
 */
export function successContent(result: CallToolResult): JsonObject | undefined {
  if (result.isError === true) return undefined;
  return isJsonObject(result.structuredContent) ? result.structuredContent : undefined;
}

/** The contract's error object: a message and, for bad arguments, one detail per parameter. */
function contractErrorText(error: JsonObject): string | undefined {
  if (typeof error.message !== "string") return undefined;
  const details = objectsOf(error.details)
    .filter((detail) => typeof detail.parameter === "string" && typeof detail.issue === "string")
    .map((detail) => `${detail.parameter}: ${detail.issue}`);
  return details.length > 0 ? `${error.message}: ${details.join("; ")}` : error.message;
}

/** A world payload's error: a sentence and the subject it is about (`Location not found: x`). */
function payloadErrorText(content: JsonObject, error: string): string {
  const subjects = Object.entries(content)
    .filter(([key, value]) => key !== "error" && key !== "schema_version" && value !== null)
    .map(([, value]) => (typeof value === "string" ? value : JSON.stringify(value)));
  return subjects.length > 0 ? `${error}: ${subjects.join(", ")}` : error;
}

/**
 * What the server said when it refused or failed a call, in its own words: the contract's
 * `error.message` with each parameter's issue, a world payload's error sentence, or the first
 * text item.
 *
 * @param result - a tool result
 * @returns the message, or `undefined` when the result is not an error
 */
export function refusalMessage(result: CallToolResult): string | undefined {
  if (result.isError !== true) return undefined;
  const content = isJsonObject(result.structuredContent) ? result.structuredContent : {};
  const error = content.error;
  if (isJsonObject(error)) {
    const text = contractErrorText(error);
    if (text !== undefined) return text;
  }
  if (typeof error === "string") return payloadErrorText(content, error);
  const text = result.content?.find((item) => item.type === "text");
  return text && "text" in text ? text.text : "The server reported an error without a message";
}

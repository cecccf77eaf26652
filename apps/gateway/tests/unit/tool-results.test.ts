import type { CallToolResult } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { redactedErrorResult } from "../../src/session/tool-results.js";

/** An error result as a kit server writes it: the compact JSON of its structured content. */
function kitError(message: string): CallToolResult {
  const body = { error: { code: "NOT_FOUND", message } };
  return {
    content: [{ type: "text", text: JSON.stringify(body) }],
    structuredContent: body,
    isError: true,
  };
}

function textOf(result: CallToolResult): string {
  const [block] = result.content;
  if (block?.type !== "text") throw new Error("no text block");
  return block.text;
}

describe("an upstream's error result, redacted", () => {
  it("keeps its text equal to its structured content when a quote ends a query value", () => {
    // In the string the value `v` ends at the quote; in its JSON text the value would run into
    // the escaping backslash, so redacting the text alone breaks the JSON it is.
    const result = redactedErrorResult(kitError('no location "x?key=v"w" here'));
    expect(result.structuredContent).toEqual({
      error: { code: "NOT_FOUND", message: 'no location "x?key=***"w" here' },
    });
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
  });

  it("still redacts a text block that is not the structured content's JSON", () => {
    const result = redactedErrorResult({
      content: [{ type: "text", text: "failed: GET https://u:p@example.test/x?api_key=abc" }],
      structuredContent: { error: { code: "INTERNAL", message: "failed" } },
      isError: true,
    });
    expect(textOf(result)).toBe("failed: GET https://***@example.test/x?api_key=***");
  });

  it("returns a result without secrets unchanged", () => {
    const original = kitError("campaign c-1 not found");
    expect(redactedErrorResult(original)).toEqual(original);
  });
});

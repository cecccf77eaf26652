import type { ContentBlock } from "@modelcontextprotocol/server";
import * as z from "zod";
import { ToolError } from "../errors.js";
import { defineTool, type Tool, type ToolHints } from "../tool.js";
import { RED_PIXEL_PNG, silentWav } from "./media.js";

/** The arguments of every fixture tool that takes none. */
export const NO_ARGUMENTS = z.object({}).strict();
const NO_ANSWER = z.object({}).strict();

/** The hints of every fixture tool: none changes anything. */
export const READ_ONLY: ToolHints = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
};

/** The answer of a fixture tool that answers one text. */
export const TEXT_ANSWER = z.object({ text: z.string() }).strict();

/** Shows a text answer as one text item. */
export const asText = (answer: { text: string }) => [{ type: "text" as const, text: answer.text }];

/**
 * A fixture tool with no arguments whose answer is one text, shown as one text item.
 *
 * @param handler - answers the call (or, for the 2026-07-28 tools, asks the client for input)
 */
export function textTool(
  name: string,
  description: string,
  handler: Parameters<typeof defineTool<typeof NO_ARGUMENTS, typeof TEXT_ANSWER>>[0]["handler"],
): Tool {
  return defineTool({
    name,
    title: name,
    description,
    input: NO_ARGUMENTS,
    output: TEXT_ANSWER,
    annotations: READ_ONLY,
    handler,
    content: asText,
  });
}

/** A tool with no arguments whose answer is fixed content blocks. */
function contentTool(name: string, description: string, content: ContentBlock[]): Tool {
  return defineTool({
    name,
    title: name,
    description,
    input: NO_ARGUMENTS,
    output: NO_ANSWER,
    annotations: READ_ONLY,
    handler: () => ({}),
    content: () => content,
  });
}

const IMAGE: ContentBlock = { type: "image", data: RED_PIXEL_PNG, mimeType: "image/png" };

/** The tools whose answers are fixed content (suite scenarios `tools-call-*` and `tools-call-error`). */
export const CONTENT_TOOLS: readonly Tool[] = [
  contentTool("test_simple_text", "Answers one text item.", [
    { type: "text", text: "This is a simple text response for testing." },
  ]),
  contentTool("test_image_content", "Answers a 1x1 PNG image.", [IMAGE]),
  contentTool("test_audio_content", "Answers a short silent WAV recording.", [
    { type: "audio", data: silentWav(), mimeType: "audio/wav" },
  ]),
  contentTool("test_embedded_resource", "Answers an embedded text resource.", [
    {
      type: "resource",
      resource: {
        uri: "test://embedded-resource",
        mimeType: "text/plain",
        text: "This is an embedded resource content.",
      },
    },
  ]),
  contentTool("test_multiple_content_types", "Answers text, an image and a resource.", [
    { type: "text", text: "Multiple content types test:" },
    IMAGE,
    {
      type: "resource",
      resource: {
        uri: "test://mixed-content-resource",
        mimeType: "application/json",
        text: JSON.stringify({ test: "data", value: 123 }),
      },
    },
  ]),
  defineTool({
    name: "test_error_handling",
    title: "test_error_handling",
    description: "Always answers an error result (isError: true).",
    input: NO_ARGUMENTS,
    output: NO_ANSWER,
    annotations: READ_ONLY,
    handler: () => {
      throw new ToolError(
        "FAILED_PRECONDITION",
        "This tool intentionally returns an error for testing",
      );
    },
  }),
];

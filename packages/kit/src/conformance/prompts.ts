import { definePrompt, type Prompt } from "../prompt.js";
import { RED_PIXEL_PNG } from "./media.js";

/** What `completion/complete` offers for `arg1`, filtered by the typed prefix. */
const ARG1_SUGGESTIONS = ["paris", "park", "party", "test", "testing"];

/** The prompts (suite: `prompts-list`, `prompts-get-*`, `completion-complete`). */
export const CONFORMANCE_PROMPTS: readonly Prompt[] = [
  definePrompt({
    name: "test_simple_prompt",
    description: "A prompt without arguments.",
    get: () => [
      { role: "user", content: { type: "text", text: "This is a simple prompt for testing." } },
    ],
  }),
  definePrompt({
    name: "test_prompt_with_arguments",
    description: "A prompt with two arguments, substituted into its text.",
    arguments: [
      {
        name: "arg1",
        description: "First test argument",
        required: true,
        complete: (value) => ARG1_SUGGESTIONS.filter((word) => word.startsWith(value)),
      },
      { name: "arg2", description: "Second test argument", required: true },
    ],
    get: ({ arg1, arg2 }) => [
      {
        role: "user",
        content: { type: "text", text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` },
      },
    ],
  }),
  definePrompt({
    name: "test_prompt_with_embedded_resource",
    description: "A prompt embedding the resource it is given.",
    arguments: [
      { name: "resourceUri", description: "URI of the resource to embed", required: true },
    ],
    get: ({ resourceUri }) => [
      {
        role: "user",
        content: {
          type: "resource",
          resource: {
            uri: resourceUri ?? "",
            mimeType: "text/plain",
            text: "Embedded resource content for testing.",
          },
        },
      },
      {
        role: "user",
        content: { type: "text", text: "Please process the embedded resource above." },
      },
    ],
  }),
  definePrompt({
    name: "test_prompt_with_image",
    description: "A prompt with an image.",
    get: () => [
      { role: "user", content: { type: "image", data: RED_PIXEL_PNG, mimeType: "image/png" } },
      { role: "user", content: { type: "text", text: "Please analyze the image above." } },
    ],
  }),
];

import type { ElicitRequestFormParams, ElicitResult } from "@modelcontextprotocol/server";
import * as z from "zod";
import { defineTool, type Tool } from "../tool.js";
import { asText, READ_ONLY, TEXT_ANSWER, textTool } from "./content-tools.js";

function elicitationText(result: ElicitResult): string {
  return `Elicitation completed: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`;
}

/** A tool with no arguments that asks the client for input with a fixed form. */
function formTool(name: string, description: string, form: ElicitRequestFormParams): Tool {
  return textTool(name, description, async (_args, context) => ({
    text: elicitationText(await context.elicitInput(form)),
  }));
}

const DEFAULTS_FORM: ElicitRequestFormParams = {
  message: "Please review your details; every field has a default.",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", description: "Your name", default: "John Doe" },
      age: { type: "integer", description: "Your age", default: 30 },
      score: { type: "number", description: "Your score", default: 95.5 },
      status: {
        type: "string",
        description: "Your status",
        enum: ["active", "inactive", "pending"],
        default: "active",
      },
      verified: { type: "boolean", description: "Whether you are verified", default: true },
    },
  },
};

const ENUMS_FORM: ElicitRequestFormParams = {
  message: "Please choose an option of every kind.",
  requestedSchema: {
    type: "object",
    properties: {
      untitledSingle: { type: "string", enum: ["option1", "option2", "option3"] },
      titledSingle: {
        type: "string",
        oneOf: [
          { const: "value1", title: "First Option" },
          { const: "value2", title: "Second Option" },
          { const: "value3", title: "Third Option" },
        ],
      },
      legacyEnum: {
        type: "string",
        enum: ["opt1", "opt2", "opt3"],
        enumNames: ["Option One", "Option Two", "Option Three"],
      },
      untitledMulti: {
        type: "array",
        items: { type: "string", enum: ["option1", "option2", "option3"] },
      },
      titledMulti: {
        type: "array",
        items: {
          anyOf: [
            { const: "value1", title: "First Choice" },
            { const: "value2", title: "Second Choice" },
            { const: "value3", title: "Third Choice" },
          ],
        },
      },
    },
  },
};

/**
 * The tools that ask the client for something while they run (suite: `tools-call-sampling`,
 * `tools-call-elicitation`, `elicitation-sep1034-defaults`, `elicitation-sep1330-enums`).
 */
export const CLIENT_REQUEST_TOOLS: readonly Tool[] = [
  defineTool({
    name: "test_sampling",
    title: "test_sampling",
    description: "Asks the client's model to answer the prompt (sampling/createMessage).",
    input: z.object({ prompt: z.string().describe("The prompt to send to the model") }).strict(),
    output: TEXT_ANSWER,
    annotations: READ_ONLY,
    handler: async ({ prompt }, context) => {
      const result = await context.createMessage({
        messages: [{ role: "user", content: { type: "text", text: prompt } }],
        maxTokens: 100,
      });
      const reply =
        result.content.type === "text" ? result.content.text : `[${result.content.type}]`;
      return { text: `LLM response: ${reply}` };
    },
    content: asText,
  }),
  defineTool({
    name: "test_elicitation",
    title: "test_elicitation",
    description: "Asks the client's user for a username and an email (elicitation/create).",
    input: z.object({ message: z.string().describe("The message to show the user") }).strict(),
    output: TEXT_ANSWER,
    annotations: READ_ONLY,
    handler: async ({ message }, context) => {
      const result = await context.elicitInput({
        message,
        requestedSchema: {
          type: "object",
          properties: {
            username: { type: "string", description: "User's response" },
            email: { type: "string", description: "User's email address" },
          },
          required: ["username", "email"],
        },
      });
      return {
        text: `User response: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`,
      };
    },
    content: asText,
  }),
  formTool(
    "test_elicitation_sep1034_defaults",
    "Asks for a form whose fields of every primitive type have defaults (SEP-1034).",
    DEFAULTS_FORM,
  ),
  formTool(
    "test_elicitation_sep1330_enums",
    "Asks for a form with all five enum variants (SEP-1330).",
    ENUMS_FORM,
  ),
];

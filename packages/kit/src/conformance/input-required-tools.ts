import { randomUUID } from "node:crypto";
import {
  acceptedContent,
  createRequestStateCodec,
  type ElicitRequestFormParams,
  type InputRequests,
  inputRequired,
  inputResponse,
} from "@modelcontextprotocol/server";
import * as z from "zod";
import type { RequestStateIntegrity } from "../create-kit-server.js";
import { definePrompt, type Prompt } from "../prompt.js";
import type { Tool, ToolContext } from "../tool.js";
import { textTool } from "./content-tools.js";

/** What the fixture seals into a `requestState`: which tool minted it, and its round. */
interface FixtureState {
  tool: string;
  round?: number;
  name?: string;
  nonce: string;
}

/**
 * The fixture's `requestState` codec. Its key is made once per process: a 2026-07-28 request is
 * served by a fresh server instance, and every instance must verify what another minted.
 */
const stateCodec = createRequestStateCodec<FixtureState>({
  key: crypto.getRandomValues(new Uint8Array(32)),
});

/** The fixture's check of an echoed `requestState` (`ServerSpec.requestState`). */
export const FIXTURE_REQUEST_STATE: RequestStateIntegrity = { verify: stateCodec.verify };

const mint = (tool: string, extra: Omit<FixtureState, "tool" | "nonce"> = {}) =>
  stateCodec.mint({ tool, ...extra, nonce: randomUUID() });

/** A form of one required string field. */
function oneFieldForm(message: string, field: string): ElicitRequestFormParams {
  return {
    message,
    requestedSchema: {
      type: "object",
      properties: { [field]: { type: "string" } },
      required: [field],
    },
  };
}

const CONFIRM_FORM: ElicitRequestFormParams = {
  message: "Please confirm",
  requestedSchema: {
    type: "object",
    properties: { ok: { type: "boolean" } },
    required: ["ok"],
  },
};

const NAME = z.object({ name: z.string() });
const COLOR = z.object({ color: z.string() });
const CONTEXT = z.object({ context: z.string() });

/** The text of a sampling answer, when it is text. */
function samplingText(context: ToolContext, key: string): string | undefined {
  const view = inputResponse(context.inputResponses, key);
  if (view.kind !== "sampling") return undefined;
  const content = view.result.content;
  const block = Array.isArray(content) ? content[0] : content;
  return block?.type === "text" ? block.text : undefined;
}

/** The roots the client listed, when it answered a roots request. */
function listedRoots(context: ToolContext, key: string): { uri: string }[] | undefined {
  const view = inputResponse(context.inputResponses, key);
  return view.kind === "roots" ? view.roots : undefined;
}

/**
 * The tools that ask the client for input with an `input_required` result (suite:
 * `input-required-result-*`, SEP-2322), each written once for both eras: it re-derives its
 * round from the answers and the verified `requestState`, and asks for what is still missing.
 */
export const INPUT_REQUIRED_TOOLS: readonly Tool[] = [
  textTool(
    "test_input_required_result_elicitation",
    "Asks the caller's name with an in-band elicitation request, then greets them.",
    (_args, context) => {
      const answer = acceptedContent(context.inputResponses, "user_name", NAME);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: {
            user_name: inputRequired.elicit(oneFieldForm("What is your name?", "name")),
          },
        });
      }
      return { text: `Hello, ${answer.name}!` };
    },
  ),
  textTool(
    "test_input_required_result_sampling",
    "Asks the client's model a question with an in-band sampling request.",
    (_args, context) => {
      const view = inputResponse(context.inputResponses, "capital_question");
      if (view.kind !== "sampling") {
        return inputRequired({
          inputRequests: {
            capital_question: inputRequired.createMessage({
              messages: [
                { role: "user", content: { type: "text", text: "What is the capital of France?" } },
              ],
              maxTokens: 100,
            }),
          },
        });
      }
      return {
        text: `Sampling response: ${samplingText(context, "capital_question") ?? "[not text]"}`,
      };
    },
  ),
  textTool(
    "test_input_required_result_list_roots",
    "Asks for the client's roots with an in-band roots/list request.",
    (_args, context) => {
      const roots = listedRoots(context, "client_roots");
      if (roots === undefined) {
        return inputRequired({ inputRequests: { client_roots: inputRequired.listRoots() } });
      }
      const uris = roots.map((root) => root.uri).join(", ");
      return { text: `Client exposed ${roots.length} root(s): ${uris}` };
    },
  ),
  textTool(
    "test_input_required_result_request_state",
    "Asks for a confirmation with a sealed requestState, and checks the state on the retry.",
    async (_args, context) => {
      const confirmed = acceptedContent(context.inputResponses, "confirm");
      const state = context.requestState<FixtureState>();
      if (confirmed === undefined || state?.tool !== "request_state") {
        return inputRequired({
          inputRequests: { confirm: inputRequired.elicit(CONFIRM_FORM) },
          requestState: await mint("request_state"),
        });
      }
      return { text: "state-ok: requestState verified and confirmation received" };
    },
  ),
  textTool(
    "test_input_required_result_multiple_inputs",
    "Asks for a name, a sampled greeting and the roots in one round.",
    async (_args, context) => {
      const name = acceptedContent(context.inputResponses, "user_name", NAME);
      const greeting = samplingText(context, "greeting");
      const roots = listedRoots(context, "client_roots");
      if (name === undefined || greeting === undefined || roots === undefined) {
        return inputRequired({
          inputRequests: {
            user_name: inputRequired.elicit(oneFieldForm("What is your name?", "name")),
            greeting: inputRequired.createMessage({
              messages: [{ role: "user", content: { type: "text", text: "Generate a greeting" } }],
              maxTokens: 50,
            }),
            client_roots: inputRequired.listRoots(),
          },
          requestState: await mint("multiple_inputs"),
        });
      }
      return { text: `${greeting} ${name.name}: ${roots.length} root(s) visible` };
    },
  ),
  textTool(
    "test_input_required_result_multi_round",
    "Asks two questions in two rounds, carrying the first answer in the requestState.",
    async (_args, context) => {
      const state = context.requestState<FixtureState>();
      const round = state?.tool === "multi_round" ? (state.round ?? 0) : 0;
      if (round === 0) {
        return inputRequired({
          inputRequests: {
            step1: inputRequired.elicit(oneFieldForm("Step 1: What is your name?", "name")),
          },
          requestState: await mint("multi_round", { round: 1 }),
        });
      }
      if (round === 1) {
        const name = acceptedContent(context.inputResponses, "step1", NAME)?.name ?? "unknown";
        return inputRequired({
          inputRequests: {
            step2: inputRequired.elicit(
              oneFieldForm("Step 2: What is your favorite color?", "color"),
            ),
          },
          requestState: await mint("multi_round", { round: 2, name }),
        });
      }
      const color = acceptedContent(context.inputResponses, "step2", COLOR)?.color ?? "unknown";
      return { text: `Multi-round complete: ${state?.name ?? "unknown"} likes ${color}` };
    },
  ),
  textTool(
    "test_input_required_result_tampered_state",
    "Asks for a confirmation with a sealed requestState; a tampered one is refused with -32602.",
    async (_args, context) => {
      const state = context.requestState<FixtureState>();
      if (state !== undefined && acceptedContent(context.inputResponses, "confirm") !== undefined) {
        return { text: "integrity-ok: requestState verified" };
      }
      return inputRequired({
        inputRequests: { confirm: inputRequired.elicit(CONFIRM_FORM) },
        requestState: await mint("tampered_state"),
      });
    },
  ),
  textTool(
    "test_input_required_result_capabilities",
    "Asks only for the kinds of input the client declared it can give.",
    (_args, context) => {
      if (context.inputResponses !== undefined) {
        return { text: "Capability-aware input requests fulfilled" };
      }
      const declared = context.clientCapabilities ?? {};
      const requests: InputRequests = {};
      if (declared.elicitation !== undefined) {
        requests.user_name = inputRequired.elicit(oneFieldForm("What is your name?", "name"));
      }
      if (declared.sampling !== undefined) {
        requests.greeting = inputRequired.createMessage({
          messages: [
            { role: "user", content: { type: "text", text: "Generate a short greeting" } },
          ],
          maxTokens: 50,
        });
      }
      if (declared.roots !== undefined) requests.client_roots = inputRequired.listRoots();
      if (Object.keys(requests).length === 0) {
        return { text: "No declared client capability supports an in-band input request" };
      }
      return inputRequired({ inputRequests: requests });
    },
  ),
];

/**
 * The diagnostic tools of the suite's `server-stateless` scenario (SEP-2575): one that needs the
 * `sampling` capability (the SDK refuses a client without it with `-32021`), one whose response
 * stream carries only its result, one that logs (only when the request asks for a level).
 */
export const STATELESS_DIAGNOSTIC_TOOLS: readonly Tool[] = [
  textTool(
    "test_missing_capability",
    "Needs the client's sampling capability: asks its model for one word.",
    (_args, context) => {
      if (inputResponse(context.inputResponses, "llm_answer").kind !== "sampling") {
        return inputRequired({
          inputRequests: {
            llm_answer: inputRequired.createMessage({
              messages: [
                {
                  role: "user",
                  content: { type: "text", text: "Reply with the single word: pong" },
                },
              ],
              maxTokens: 16,
            }),
          },
        });
      }
      return { text: "sampling round-trip complete" };
    },
  ),
  textTool(
    "test_streaming_elicitation",
    "Answers on its response stream with its result alone, no request of its own.",
    () => ({ text: "stream observed: result frames only, no top-level requests" }),
  ),
  textTool(
    "test_logging_tool",
    "Logs one info message, which a 2026-07-28 request hears only when it asks for a level.",
    async (_args, context) => {
      await context.log("info", "test_logging_tool ran");
      return { text: "logged through the request-scoped channel" };
    },
  ),
];

/** The prompt that asks the client for input before it renders (suite: `…-non-tool-request`). */
export const INPUT_REQUIRED_PROMPT: Prompt = definePrompt({
  name: "test_input_required_result_prompt",
  title: "MRTR Prompt",
  description: "Asks the client for the context to use, then renders with it.",
  get: (_args, context) => {
    const answer = acceptedContent(context.inputResponses, "user_context", CONTEXT);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          user_context: inputRequired.elicit(
            oneFieldForm("What context should the prompt use?", "context"),
          ),
        },
      });
    }
    return [
      {
        role: "user",
        content: { type: "text", text: `Use the following context: ${answer.context}` },
      },
    ];
  },
});

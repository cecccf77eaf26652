import type { Server } from "@modelcontextprotocol/server";
import { isInputRequiredResult, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { offersCompletions, type Prompt } from "./prompt.js";
import { cursorParam, onRequest, ProtocolError } from "./request-params.js";
import { isJsonObject } from "./validation/describe-value.js";

/** The most values one `completion/complete` answer carries (the spec's limit). */
const MAX_COMPLETION_VALUES = 100;

interface PromptRequest {
  name: string;
  args: Record<string, string>;
}

function promptParams(params: Readonly<Record<string, unknown>>): PromptRequest {
  if (typeof params.name !== "string") {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, "params.name must be a prompt name");
  }
  const raw = params.arguments ?? {};
  if (!isJsonObject(raw) || Object.values(raw).some((value) => typeof value !== "string")) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      "params.arguments must be an object of strings",
    );
  }
  return { name: params.name, args: { ...raw } as Record<string, string> };
}

interface CompletionRequest {
  promptName: string | undefined;
  argumentName: string;
  value: string;
}

function completionParams(params: Readonly<Record<string, unknown>>): CompletionRequest {
  const ref = params.ref;
  const argument = params.argument;
  if (!isJsonObject(ref) || typeof ref.type !== "string") {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      "params.ref must be a prompt or resource reference",
    );
  }
  if (
    !isJsonObject(argument) ||
    typeof argument.name !== "string" ||
    typeof argument.value !== "string"
  ) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      "params.argument must have a string name and a string value",
    );
  }
  const promptName =
    ref.type === "ref/prompt" && typeof ref.name === "string" ? ref.name : undefined;
  return { promptName, argumentName: argument.name, value: argument.value };
}

function findPrompt(prompts: ReadonlyMap<string, Prompt>, name: string): Prompt {
  const prompt = prompts.get(name);
  if (!prompt) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Unknown prompt: ${name}; available prompts are ${[...prompts.keys()].join(", ")}`,
    );
  }
  return prompt;
}

/**
 * Answers `prompts/list` and `prompts/get` from the declared prompts, and `completion/complete`
 * from their arguments' completers when any has one (an empty list for anything else, resource
 * templates included). A missing required argument or an unknown prompt is `-32602`. The server
 * must declare `prompts`, and `completions` when {@link offersCompletions} says so.
 */
export function registerPrompts(server: Server, declared: readonly Prompt[]): void {
  const prompts = new Map(declared.map((prompt) => [prompt.spec.name, prompt]));
  const listings = declared.map((prompt) => prompt.listing);
  onRequest(server, "prompts/list", cursorParam, () => ({ prompts: listings }));
  onRequest(server, "prompts/get", promptParams, async ({ name, args }, extra) => {
    const prompt = findPrompt(prompts, name);
    const missing = (prompt.spec.arguments ?? []).filter(
      (argument) => argument.required && args[argument.name] === undefined,
    );
    if (missing.length > 0) {
      const names = missing.map((argument) => argument.name).join(", ");
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Prompt ${name} needs the arguments ${names}`,
      );
    }
    const messages = await prompt.spec.get(args, {
      inputResponses: extra.mcpReq.inputResponses,
      requestState: <T>() => extra.mcpReq.requestState<T>(),
    });
    if (isInputRequiredResult(messages)) return messages;
    return {
      ...(prompt.spec.description ? { description: prompt.spec.description } : {}),
      messages,
    };
  });
  if (offersCompletions(declared)) registerCompletions(server, prompts);
}

function registerCompletions(server: Server, prompts: ReadonlyMap<string, Prompt>): void {
  onRequest(server, "completion/complete", completionParams, (request) => {
    const prompt = request.promptName === undefined ? undefined : prompts.get(request.promptName);
    const argument = prompt?.spec.arguments?.find((known) => known.name === request.argumentName);
    const values = argument?.complete?.(request.value) ?? [];
    return {
      completion: {
        values: values.slice(0, MAX_COMPLETION_VALUES),
        total: values.length,
        hasMore: values.length > MAX_COMPLETION_VALUES,
      },
    };
  });
}

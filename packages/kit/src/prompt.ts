import type {
  InputRequiredResult,
  Prompt as PromptListing,
  PromptMessage,
} from "@modelcontextprotocol/server";

/** One argument of a prompt. */
export interface PromptArgumentSpec {
  name: string;
  description: string;
  required?: boolean;
  /**
   * Suggestions for a partly typed value, for `completion/complete`, best first. A server
   * whose prompts have one declares the `completions` capability.
   */
  complete?(value: string): readonly string[];
}

/** Everything that defines a prompt, written once. */
export interface PromptSpec {
  /** The prompt's name in `prompts/list` and `prompts/get`. */
  name: string;
  title?: string;
  description: string;
  arguments?: readonly PromptArgumentSpec[];
  /**
   * The prompt's messages for the given arguments; every required one is present. It may
   * instead return the SDK's `inputRequired(...)` result to ask the client for input first, and
   * be called again with the answers in `context.inputResponses`, as a tool can (see
   * `ToolSpec.handler`); the kit passes that result through untouched.
   */
  get(
    args: Readonly<Record<string, string>>,
    context: PromptContext,
  ): PromptAnswer | Promise<PromptAnswer>;
}

/** What a prompt returns: its messages, or a request for input from the client. */
export type PromptAnswer = PromptMessage[] | InputRequiredResult;

/** What a prompt can read besides its arguments: the input rounds of `prompts/get`. */
export interface PromptContext {
  /** The client's answers to the input the previous round asked for (see `ToolContext`). */
  readonly inputResponses: Readonly<Record<string, unknown>> | undefined;
  /** The verified `requestState` the request carried back (see `ToolContext.requestState`). */
  requestState<T = unknown>(): T | undefined;
}

/** A declared prompt, ready to list and get. */
export interface Prompt {
  readonly spec: PromptSpec;
  /** The entry for `prompts/list`. */
  readonly listing: PromptListing;
}

/** Declares a prompt. */
export function definePrompt(spec: PromptSpec): Prompt {
  const listing: PromptListing = { name: spec.name, description: spec.description };
  if (spec.title) listing.title = spec.title;
  if (spec.arguments) {
    listing.arguments = spec.arguments.map((argument) => ({
      name: argument.name,
      description: argument.description,
      required: argument.required ?? false,
    }));
  }
  return { spec, listing };
}

/** Whether any argument of the prompts offers completions. */
export function offersCompletions(prompts: readonly Prompt[]): boolean {
  return prompts.some((prompt) =>
    (prompt.spec.arguments ?? []).some((argument) => argument.complete !== undefined),
  );
}

import type {
  CallToolResult,
  ClientCapabilities,
  ContentBlock,
  CreateMessageRequestParamsBase,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitResult,
  InputRequiredResult,
  LoggingLevel,
  RequestId,
  ToolAnnotations,
  Tool as ToolListing,
} from "@modelcontextprotocol/server";
import {
  isInputRequiredResult,
  type JsonSchemaType,
  type JsonSchemaValidator,
} from "@modelcontextprotocol/server";
import type * as z from "zod";
import type { CallerIdentity } from "./auth/identity.js";
import { isScopeToken } from "./auth/scopes.js";
import { type CrossFieldRule, checkCrossFieldRules, inDeclaredOrder } from "./cross-field-rules.js";
import { InvalidParametersError, type ParameterProblem, ToolError } from "./errors.js";
import type { Logger } from "./logger.js";
import {
  internalErrorResult,
  invalidParametersResult,
  structuredResult,
  toolErrorResult,
} from "./results.js";
import { sharedSchemaValidator } from "./shared-schema-validator.js";
import { type JsonSchemaNode, toJsonSchema } from "./validation/json-schema.js";
import { validateArguments } from "./validation/validate-arguments.js";

/** What a tool handler can use besides its arguments. */
export interface ToolContext {
  /** Aborted when the client cancels the call or the session closes. */
  readonly signal: AbortSignal;
  /**
   * The arguments exactly as the client sent them, before validation dropped `null`s and
   * zod reordered keys: for tools that echo their request.
   */
  readonly rawArguments: Readonly<Record<string, unknown>>;
  /** The MCP session the call came in on, when the transport has one. */
  readonly sessionId: string | undefined;
  /** The JSON-RPC id of the `tools/call` request. */
  readonly requestId: RequestId;
  /** The request's `_meta`, as the client sent it (`{}` when absent). */
  readonly meta: Readonly<Record<string, unknown>>;
  /** Who is calling: the token's subject over HTTP with auth, `local` over stdio or without. */
  readonly identity: CallerIdentity;
  /** Announces that a resource changed: subscribed sessions get `notifications/resources/updated`. */
  resourceUpdated(uri: string): void;
  /** Announces that the list of resources changed, to every session of this process. */
  resourceListChanged(): void;
  /** Sends `notifications/progress` when the client asked for progress; a no-op otherwise. */
  progress(progress: number, total?: number, message?: string): Promise<void>;
  /**
   * Sends `notifications/message` to the client, with this call, when the server declares
   * `logging` (`ServerSpec.logging`) and the client's level lets it through; a no-op otherwise.
   */
  log(level: LoggingLevel, data: unknown): Promise<void>;
  /**
   * Asks the client to sample its model (`sampling/createMessage`), with this call.
   * @throws Error when the client did not declare the `sampling` capability
   */
  createMessage(params: CreateMessageRequestParamsBase): Promise<CreateMessageResult>;
  /**
   * Asks the client for input from its user (`elicitation/create`, form mode), with this call.
   * @throws Error when the client did not declare the `elicitation` capability
   */
  elicitInput(params: ElicitRequestFormParams): Promise<ElicitResult>;
  /**
   * The answers of the client to the input this call asked for in its previous round (a
   * handler's `inputRequired(...)` result), keyed as the handler named its requests; `undefined`
   * on a first round. They come from the client: read them with the SDK's `acceptedContent`
   * (with a schema) or `inputResponse`, never trust them as they are. Only the latest round's
   * answers are here; what earlier rounds proved travels in {@link ToolContext.requestState}.
   */
  readonly inputResponses: Readonly<Record<string, unknown>> | undefined;
  /**
   * The `requestState` this round's request carried back: the payload the server's
   * `ServerSpec.requestState.verify` decoded (the SDK refuses the request with `-32602` before
   * the handler runs when it throws), the raw string when the server verifies none, or
   * `undefined` when the request carried none. The type parameter is a cast, not a check.
   */
  requestState<T = unknown>(): T | undefined;
  /**
   * What the client declared it can do: the request's own declaration on a 2026-07-28 request,
   * the session's `initialize` declaration on a 2025 one; `undefined` when unknown.
   */
  readonly clientCapabilities: Readonly<ClientCapabilities> | undefined;
  readonly logger: Logger;
}

/** The hints a tool must carry (contract, "Tool results"); `openWorldHint` is always false. */
export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
}

/** Everything that defines a tool, written once. */
export interface ToolSpec<Input extends z.ZodType, Output extends z.ZodType> {
  /** snake_case name as the seeds spell it, `[a-zA-Z0-9_-]{1,64}`. */
  name: string;
  title: string;
  /** Written for a model: when to use the tool, how to read its answer. */
  description: string;
  /** A strict zod object: unknown parameters are rejected. */
  input: Input;
  /** The success shape; the kit adds the error shape to the advertised `outputSchema`. */
  output: Output;
  annotations: ToolHints;
  /**
   * The scope a token must grant to call the tool (token table and OAuth modes), e.g.
   * `tabletop:play`. The kit adds `Requires scope: X` as the description's last line and
   * `_meta["tabletop/scope"]` to the listing.
   */
  scope?: string;
  /** The message of an unexpected failure; defaults to `Internal error while running NAME`. */
  internalErrorMessage?: string;
  /**
   * Rules across parameters, each with the parameters it reads: a rule runs whenever those
   * passed the schema, even when others failed, and its problems join the schema's in one answer,
   * in the order the schema declares the parameters.
   */
  crossFieldRules?: readonly CrossFieldRule<z.output<Input>>[];
  /**
   * The largest answer this tool sends, in bytes of the compact JSON of its structured
   * content (default {@link DEFAULT_MAX_ANSWER_BYTES}). A bigger answer is replaced by a
   * `RESOURCE_EXHAUSTED` error naming the tool and the limit. A server may change it per tool
   * with `createKitServer`'s `maxAnswerBytes`.
   */
  maxAnswerBytes?: number;
  /**
   * The answer's content blocks (images, audio, embedded resources), replacing the one text
   * item of its JSON; `structuredContent` still carries the answer. For tools whose answer is
   * media, not data.
   */
  content?: (answer: z.input<Output>) => ContentBlock[];
  /** Rules on the whole request, run only when the schema passed; problems use the server's wording. */
  checkArguments?: (args: z.output<Input>) => ParameterProblem[];
  /**
   * Runs the tool. It may instead return the SDK's `inputRequired(...)` result to ask the client
   * for input (elicitation, sampling, roots) and be called again with the answers in
   * {@link ToolContext.inputResponses}: a 2026-07-28 client answers and retries the call, and for
   * a 2025 session the SDK's legacy shim sends the requests on the session and calls again. The
   * kit passes such a result through untouched: no output schema check, no structured wrapping.
   */
  handler: (
    args: z.output<Input>,
    context: ToolContext,
  ) => ToolAnswer<z.input<Output>> | Promise<ToolAnswer<z.input<Output>>>;
}

/** What a tool handler returns: its answer, or a request for input from the client. */
export type ToolAnswer<Answer> = Answer | InputRequiredResult;

/** A declared tool, ready to list and call. */
export interface Tool {
  readonly name: string;
  /** The entry for `tools/list`. */
  readonly listing: ToolListing;
  /**
   * The scope a token must grant to call it (see {@link ToolSpec.scope}); a required key, so
   * that a wrapper that rebuilds a tool cannot drop it without the compiler noticing.
   */
  readonly scope: string | undefined;
  /**
   * The largest answer the tool sends (see {@link ToolSpec.maxAnswerBytes}). Required, so that a
   * wrapper that rebuilds a tool cannot drop a raised limit without the compiler noticing.
   */
  readonly maxAnswerBytes: number;
  /**
   * Validates, runs the handler, and maps every outcome to a contract-shaped result, or passes
   * on the handler's request for input from the client (an `input_required` result).
   */
  call(rawArguments: unknown, context: ToolContext): Promise<CallToolResult | InputRequiredResult>;
}

/** 64 KiB: the largest answer of a tool that declares no limit of its own. */
export const DEFAULT_MAX_ANSWER_BYTES = 65_536;

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const schemaCache = new WeakMap<z.ZodType, JsonSchemaNode>();

function cachedJsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchemaNode {
  let json = schemaCache.get(schema);
  if (!json) {
    json = toJsonSchema(schema, io);
    schemaCache.set(schema, json);
  }
  return json;
}

const ERROR_OUTPUT_SCHEMA: JsonSchemaNode = {
  type: "object",
  properties: {
    error: {
      type: "object",
      properties: {
        message: { type: "string" },
        code: { type: "string" },
        details: {
          type: "array",
          items: {
            type: "object",
            properties: {
              parameter: { type: "string" },
              issue: { type: "string" },
              valid_range: { type: "string" },
            },
            required: ["parameter", "issue"],
          },
        },
      },
      required: ["message"],
    },
  },
  required: ["error"],
};

/** A tool's advertised JSON Schemas: its input, and its output or the error object. */
interface ToolJsonSchemas {
  input: JsonSchemaNode;
  output: ToolListing["outputSchema"];
}

/**
 * The JSON Schemas of a tool, made when first asked for (the first `tools/list` or call)
 * than when the tool is declared: converting every tool's schemas is a tenth of a server's start-up
 * to its `initialize` answer, which does not need them.
 */
function jsonSchemasOnFirstUse(input: z.ZodType, output: z.ZodType): () => ToolJsonSchemas {
  let schemas: ToolJsonSchemas | undefined;
  return () => {
    schemas ??= {
      input: cachedJsonSchema(input, "input"),
      output: { type: "object", anyOf: [cachedJsonSchema(output, "output"), ERROR_OUTPUT_SCHEMA] },
    };
    return schemas;
  };
}

/**
 * Declares a tool. Its JSON Schemas are computed on first use and once per zod schema, so
 * declaring tools per session (for per-session state) costs nothing after the first; the
 * listing's `inputSchema` and `outputSchema` are read-only properties that compute them.
 * @throws Error when the name is not a valid MCP tool name, or `maxAnswerBytes` is not a
 *   positive integer
 */
export function defineTool<Input extends z.ZodType, Output extends z.ZodType>(
  spec: ToolSpec<Input, Output>,
): Tool {
  checkDeclaration(spec);
  const schemas = jsonSchemasOnFirstUse(spec.input, spec.output);
  return {
    name: spec.name,
    listing: toolListing(spec, schemas),
    scope: spec.scope,
    maxAnswerBytes: spec.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    call: (rawArguments, context) => callTool(spec, schemas().input, rawArguments, context),
  };
}

/**
 * A tool whose parameters are declared with a JSON Schema written by hand rather than zod: for
 * keywords zod does not produce (JSON Schema 2020-12 `$defs` with `$anchor`, `if`/`then`/`else`,
 * `allOf` of `anyOf`). Everything else is as in {@link ToolSpec}.
 */
export interface JsonSchemaToolSpec<Output extends z.ZodType>
  extends Omit<
    ToolSpec<z.ZodType, Output>,
    "input" | "handler" | "crossFieldRules" | "checkArguments"
  > {
  /**
   * The parameters' JSON Schema, an object schema (`type: "object"`): listed verbatim as the
   * tool's `inputSchema`, and the arguments of every call are checked against it (JSON Schema
   * 2020-12 unless its `$schema` says otherwise) before the handler runs.
   */
  inputSchema: Readonly<Record<string, unknown>> & { type: "object" };
  handler: (
    args: Readonly<Record<string, unknown>>,
    context: ToolContext,
  ) => ToolAnswer<z.input<Output>> | Promise<ToolAnswer<z.input<Output>>>;
}

/**
 * Declares a tool whose parameters a hand-written JSON Schema declares (see
 * {@link JsonSchemaToolSpec}). Arguments that fail it are answered with the kit's
 * invalid-parameters result, naming `arguments` and the schema's complaint.
 * @throws Error as {@link defineTool} does, or when the schema is not an object schema
 */
export function defineJsonSchemaTool<Output extends z.ZodType>(
  spec: JsonSchemaToolSpec<Output>,
): Tool {
  checkDeclaration(spec);
  if (spec.inputSchema.type !== "object") {
    throw new Error(`inputSchema of ${spec.name} must be an object schema`);
  }
  let output: ToolListing["outputSchema"] | undefined;
  const schemas = () => {
    output ??= {
      type: "object",
      anyOf: [cachedJsonSchema(spec.output, "output"), ERROR_OUTPUT_SCHEMA],
    };
    return { input: spec.inputSchema as JsonSchemaNode, output };
  };
  let validate: JsonSchemaValidator<Record<string, unknown>> | undefined;
  return {
    name: spec.name,
    listing: toolListing(spec, schemas),
    scope: spec.scope,
    maxAnswerBytes: spec.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    call: async (rawArguments, context) => {
      validate ??= sharedSchemaValidator.getValidator<Record<string, unknown>>(
        spec.inputSchema as JsonSchemaType,
      );
      const checked = validate(rawArguments ?? {});
      if (!checked.valid) {
        const issue = checked.errorMessage ?? "Does not match the input schema";
        return rejectArguments(spec.name, [{ parameter: "arguments", issue }], context.logger);
      }
      return runHandler(spec, checked.data, context);
    },
  };
}

/**
 * Checks what every tool declaration needs.
 * @throws Error when the name is not a valid MCP tool name, the scope not a scope token, or
 *   `maxAnswerBytes` not a positive integer
 */
function checkDeclaration(spec: { name: string; scope?: string; maxAnswerBytes?: number }): void {
  if (!TOOL_NAME.test(spec.name)) throw new Error(`Invalid tool name: ${spec.name}`);
  checkAnswerLimit(spec.name, spec.maxAnswerBytes);
  if (spec.scope !== undefined && !isScopeToken(spec.scope)) {
    throw new Error(`Invalid scope of ${spec.name}: ${JSON.stringify(spec.scope)}`);
  }
}

/** A tool's `tools/list` entry, whose schemas are made when first read. */
function toolListing(
  spec: Pick<
    ToolSpec<z.ZodType, z.ZodType>,
    "name" | "title" | "description" | "annotations" | "scope"
  >,
  schemas: () => ToolJsonSchemas,
): ToolListing {
  return {
    name: spec.name,
    title: spec.title,
    description: withScopeLine(spec.description, spec.scope),
    get inputSchema() {
      return schemas().input as ToolListing["inputSchema"];
    },
    get outputSchema() {
      return schemas().output;
    },
    annotations: {
      title: spec.title,
      ...spec.annotations,
      openWorldHint: false,
    } satisfies ToolAnnotations,
    ...(spec.scope !== undefined ? { _meta: { [SCOPE_META_KEY]: spec.scope } } : {}),
  };
}

/** The listing `_meta` key naming the scope a tool needs. */
export const SCOPE_META_KEY = "tabletop/scope";

/** A description whose last line names the scope, so that a model reading it knows. */
function withScopeLine(description: string, scope: string | undefined): string {
  return scope === undefined ? description : `${description}\n\nRequires scope: ${scope}`;
}

/**
 * Checks a tool's answer size limit.
 * @throws Error unless the limit is absent or a positive integer
 */
export function checkAnswerLimit(tool: string, limit: number | undefined): void {
  if (limit === undefined || (Number.isSafeInteger(limit) && limit > 0)) return;
  throw new Error(`maxAnswerBytes of ${tool} must be a positive integer (got ${limit})`);
}

async function callTool<Input extends z.ZodType, Output extends z.ZodType>(
  spec: ToolSpec<Input, Output>,
  inputSchema: JsonSchemaNode,
  rawArguments: unknown,
  context: ToolContext,
): Promise<CallToolResult | InputRequiredResult> {
  const validation = validateArguments(spec.input, inputSchema, rawArguments);
  const ruleProblems = spec.crossFieldRules
    ? checkCrossFieldRules(spec.crossFieldRules, spec.input, inputSchema, rawArguments, validation)
    : [];
  if (ruleProblems.length > 0) {
    const schemaProblems = validation.ok ? [] : validation.problems;
    const problems = inDeclaredOrder([...schemaProblems, ...ruleProblems], spec.input);
    return rejectArguments(spec.name, problems, context.logger);
  }
  if (!validation.ok) return rejectArguments(spec.name, validation.problems, context.logger);
  const args = validation.value as z.output<Input>;
  const crossProblems = spec.checkArguments?.(args) ?? [];
  if (crossProblems.length > 0) return rejectArguments(spec.name, crossProblems, context.logger);
  return runHandler(spec, args, context);
}

/** What running a tool's handler needs of its declaration. */
interface HandlerDeclaration<Args, Answer> {
  name: string;
  internalErrorMessage?: string;
  content?: (answer: Answer) => ContentBlock[];
  handler: (args: Args, context: ToolContext) => ToolAnswer<Answer> | Promise<ToolAnswer<Answer>>;
}

/**
 * Runs a handler on arguments that passed every check, and maps its outcome to a result; a
 * request for input from the client passes through untouched.
 */
async function runHandler<Args, Answer>(
  spec: HandlerDeclaration<Args, Answer>,
  args: Args,
  context: ToolContext,
): Promise<CallToolResult | InputRequiredResult> {
  try {
    const value = await spec.handler(args, context);
    if (isInputRequiredResult(value)) return value;
    const result = structuredResult(value as Record<string, unknown>);
    if (spec.content) result.content = spec.content(value as Answer);
    return result;
  } catch (error) {
    const fallback = spec.internalErrorMessage ?? `Internal error while running ${spec.name}`;
    return errorToResult(spec.name, error, context.logger, fallback);
  }
}

function rejectArguments(
  tool: string,
  problems: ParameterProblem[],
  logger: Logger,
): CallToolResult {
  logger.warn("invalid parameters", { tool, problems: problems.length });
  return invalidParametersResult(problems);
}

/** Maps anything a handler threw to a result; unexpected errors are logged, never leaked. */
function errorToResult(
  tool: string,
  error: unknown,
  logger: Logger,
  internalMessage: string,
): CallToolResult {
  if (error instanceof InvalidParametersError)
    return rejectArguments(tool, [...error.problems], logger);
  if (error instanceof ToolError) {
    logger.warn(error.message, { tool, code: error.code });
    return toolErrorResult(error);
  }
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : String(error);
  logger.error(`${name}: ${message}`, { tool });
  return internalErrorResult(internalMessage);
}

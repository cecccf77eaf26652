import { type CallToolResult, isInputRequiredResult } from "@modelcontextprotocol/server";
import { defineTool, type Tool, type ToolSpec } from "@tabletop-mcp/kit";
import * as z from "zod";
import { SCHEMA_VERSION } from "../queries/schema-version.js";
import type { LoadedWorld } from "../world/load-world.js";
import type { WorldStore } from "../world/world-store.js";
import { AnswerCache } from "./answer-cache.js";

/** Every world tool only reads a compiled snapshot (docs/world.md §3). */
const READ_ONLY_HINTS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true };

/**
 * A world tool: a kit tool spec without annotations, which are the same for all eight, whose
 * handler answers from one snapshot of the world and from nothing else. A paged answer is put
 * together from parts, so a handler may also return a plain record; the client checks every
 * answer against the output schema all the same.
 */
export type WorldToolSpec<Input extends z.ZodType, Output extends z.ZodType> = Omit<
  ToolSpec<Input, Output>,
  "annotations" | "handler"
> & {
  handler: (
    args: z.output<Input>,
    world: LoadedWorld,
  ) => z.input<Output> | Readonly<Record<string, unknown>>;
};

/** Shared by every server of the process, so that sessions on one store share answers. */
const answers = new AnswerCache();

/**
 * The output schema of a world tool: `schema_version`, the `error` string and the
 * success fields, all but the version optional, so that both the answer and the error
 * object (which echoes the argument) validate against it.
 *
 * @param shape - the success fields
 * @returns the loose payload schema
 */
export function payloadSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .object({
      schema_version: z.literal(SCHEMA_VERSION),
      error: z
        .string()
        .optional()
        .describe("Present only on failure, e.g. 'Entity not found'; the result then has isError"),
    })
    .extend(z.object(shape).partial().shape);
}

function hasErrorObject(result: CallToolResult): boolean {
  // v2 types `structuredContent` as unknown: check it is a record before reading `error`.
  const content = result.structuredContent;
  return (
    typeof content === "object" &&
    content !== null &&
    typeof (content as { error?: unknown }).error === "string"
  );
}

/**
 * Declares a read-only world tool. A handler answers with the world server's own error objects
 * (`{"schema_version":"1","error":"Entity not found","entity_id":…}`, docs/world.md §3.3) as
 * plain values; this marks those results `isError: true`, which the kit's `ToolError` cannot do
 * because it shapes the body as the contract's `{"error":{"code","message"}}`.
 *
 * A handler is a pure function of its arguments and the snapshot, so each finished result
 * (validated, run, serialised) is kept per snapshot and given again for the same arguments:
 * whole-graph answers are built once per compiled world.
 *
 * @param spec - name, description, schemas and handler
 * @param store - the world the handler answers from
 * @returns the tool, ready to register
 */
export function defineWorldTool<Input extends z.ZodType, Output extends z.ZodType>(
  spec: WorldToolSpec<Input, Output>,
  store: WorldStore,
): Tool {
  const tool = defineTool({
    ...spec,
    annotations: READ_ONLY_HINTS,
    scope: "tabletop:play",
    handler: (args) => spec.handler(args, store.current) as z.input<Output>,
  });
  return {
    name: tool.name,
    listing: tool.listing,
    scope: tool.scope,
    maxAnswerBytes: tool.maxAnswerBytes,
    call: async (rawArguments, context) => {
      // The kit validates and runs the handler before its first await, so the handler reads
      // the same snapshot as this line even if a recompilation is about to swap it.
      const world = store.current;
      const key = answers.keyOf(rawArguments);
      const cached = key === undefined ? undefined : answers.get(world, spec.name, key);
      if (cached !== undefined) return cached;
      const answer = await tool.call(rawArguments, context);
      // A request for the client's input is not an answer: never cached, passed on as is.
      if (isInputRequiredResult(answer)) return answer;
      const result = hasErrorObject(answer) ? { ...answer, isError: true } : answer;
      if (key !== undefined) answers.set(world, spec.name, key, result);
      return result;
    },
  };
}

import type { ParameterProblem, Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { pageableArrays } from "../paging/pageable-answer.js";
import { getExitGraph } from "../queries/get-exit-graph.js";
import { getExitNeighbourhood } from "../queries/get-exit-neighbourhood.js";
import type { WorldStore } from "../world/world-store.js";
import { answerInPages } from "./pageable-answers.js";
import { idParameter, pageSchema, pagingParameters } from "./paging-parameters.js";
import { defineWorldTool, payloadSchema } from "./world-tool.js";

const input = z.strictObject({
  around: idParameter(
    "A location id (e.g. 'gatehouse'): only the locations within radius exits of it, in either direction, and the exits between them",
  ).optional(),
  radius: z
    .int()
    .min(1)
    .max(10)
    .optional()
    .describe("How many exits away from around to include; default 1. Only with around"),
  ...pagingParameters,
});

const output = payloadSchema({
  nodes: z.array(z.string()),
  edges: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      exit_name: z.string(),
      is_conditional: z.boolean(),
      guard_count: z.int(),
    }),
  ),
  page: pageSchema,
  location: z.string(),
  cursor: z.string(),
});

function checkArguments(args: z.output<typeof input>): ParameterProblem[] {
  return args.radius !== undefined && args.around === undefined
    ? [{ parameter: "radius", issue: "Only allowed together with around" }]
    : [];
}

/**
 * `get_exit_graph` (docs/world.md §4.2), with neighbourhoods and pages (§5.2, §5.5).
 *
 * @param store - the current compiled world
 * @returns the tool
 */
export function createGetExitGraphTool(store: WorldStore): Tool {
  return defineWorldTool(
    {
      name: "get_exit_graph",
      title: "Location exit graph",
      description:
        "Returns the location exit graph as nodes (locations) and edges (exits with direction, destination, and condition information). Use this to understand spatial navigation between locations. An edge with is_conditional true is guarded; get_property_dependencies on the guarded property, or get_reachable_locations with respect_conditions, tells you more. On a large world, ask for the places near the story instead of the whole graph: around (a location id) with radius (exits away, default 1). An answer over 64 KiB comes in pages: it then carries page.total (the full length of each list) and page.next_cursor; call again with the same arguments and cursor set to next_cursor until it is null. limit sets the page size.",
      input,
      output,
      checkArguments,
      handler: ({ around, radius, limit, cursor }, world) => {
        const question = around === undefined ? {} : { around, radius: radius ?? 1 };
        return answerInPages(world, "get_exit_graph", question, { limit, cursor }, () => {
          const graph =
            around === undefined
              ? getExitGraph(world.compiled)
              : getExitNeighbourhood(world.compiled, around, radius ?? 1);
          return "error" in graph ? graph : pageableArrays(graph, ["nodes", "edges"]);
        });
      },
    },
    store,
  );
}

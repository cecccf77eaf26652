import type { Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { getExitGraph } from "../queries/get-exit-graph.js";
import type { WorldStore } from "../world/world-store.js";
import { defineWorldTool, payloadSchema } from "./world-tool.js";

const input = z.strictObject({});

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
});

/**
 * `get_exit_graph` (urd.md §12.4).
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
        "Returns the complete location exit graph as nodes (locations) and edges (exits with direction, destination, and condition information). Use this to understand spatial navigation between locations. An edge with is_conditional true is guarded; get_property_dependencies on the guarded property, or get_reachable_locations with respect_conditions, tells you more.",
      input,
      output,
      handler: (_args, world) => getExitGraph(world.compiled),
    },
    store,
  );
}

import type { Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { getReachableLocations } from "../queries/get-reachable-locations.js";
import type { WorldStore } from "../world/world-store.js";
import { defineWorldTool, payloadSchema } from "./world-tool.js";

const guardedExit = z.object({ from: z.string(), exit_name: z.string(), condition: z.string() });

const input = z.strictObject({
  from: z.string().describe("Starting location slug (e.g., 'gatehouse')"),
  respect_conditions: z
    .boolean()
    .optional()
    .describe("When true, exits whose guard is false under state are not followed. Default false"),
  state: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
    .optional()
    .describe(
      "Property values to assume, keyed '@entity.property' (e.g. {'@garden_gate.locked': false}); used only with respect_conditions",
    ),
});

const output = payloadSchema({
  from: z.string(),
  location: z.string(),
  reachable: z.array(z.string()),
  unreachable: z.array(z.string()),
  path_count: z.int(),
  paths: z.record(z.string(), z.array(z.string())),
  respect_conditions: z.literal(true),
  blocked_exits: z.array(guardedExit),
  unevaluated_exits: z.array(guardedExit),
});

/**
 * `get_reachable_locations` (urd.md §12.8, with §12.11's conditional reachability).
 *
 * @param store - the current compiled world
 * @returns the tool
 */
export function createGetReachableLocationsTool(store: WorldStore): Tool {
  return defineWorldTool(
    {
      name: "get_reachable_locations",
      title: "Reachable locations and shortest paths",
      description:
        "Returns which locations are reachable from a starting location by following exits (ignoring conditions). Includes shortest paths. Useful for understanding world connectivity and finding isolated areas. Set respect_conditions to true to honour every exit guard under the property values in state (others keep their starting values); the answer then lists the blocked exits and the guards that could not be judged.",
      input,
      output,
      handler: ({ from, respect_conditions, state }, world) => {
        return getReachableLocations(world.compiled, from, {
          respectConditions: respect_conditions,
          state,
          sources: world.lines,
        });
      },
    },
    store,
  );
}

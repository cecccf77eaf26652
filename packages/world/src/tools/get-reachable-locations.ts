import type { Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import type { WorldState } from "../queries/exit-guard.js";
import { searchReachable } from "../queries/reachability-search.js";
import { reachablePages } from "../queries/reachable-pages.js";
import { compareCodePoints } from "../queries/sorted-ids.js";
import type { WorldStore } from "../world/world-store.js";
import { answerInPages } from "./pageable-answers.js";
import { idParameter, pageSchema, pagingParameters } from "./paging-parameters.js";
import { defineWorldTool, payloadSchema } from "./world-tool.js";

const guardedExit = z.object({ from: z.string(), exit_name: z.string(), condition: z.string() });

const input = z.strictObject({
  from: idParameter("Starting location slug (e.g., 'gatehouse')"),
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
  include_paths: z
    .boolean()
    .optional()
    .describe(
      "Default true: a shortest path to every reachable location. False gives parents instead ({location, via}: where the search first reached each location from), from which any path can be rebuilt; ask for that on a large world",
    ),
  ...pagingParameters,
});

const output = payloadSchema({
  from: z.string(),
  location: z.string(),
  reachable: z.array(z.string()),
  unreachable: z.array(z.string()),
  path_count: z.int(),
  paths: z.record(z.string(), z.array(z.string())),
  parents: z.array(z.object({ location: z.string(), via: z.string() })),
  respect_conditions: z.literal(true),
  blocked_exits: z.array(guardedExit),
  unevaluated_exits: z.array(guardedExit),
  page: pageSchema,
  cursor: z.string(),
});

/** The state in key order, so that the same state written in another order is the same question. */
function canonicalState(state: WorldState | undefined): WorldState {
  return Object.fromEntries(
    Object.entries(state ?? {}).sort(([a], [b]) => compareCodePoints(a, b)),
  );
}

/**
 * `get_reachable_locations` (docs/world.md §4.6), with parents instead of paths and pages
 * (§5.2, §5.4).
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
        "Returns which locations are reachable from a starting location by following exits (ignoring conditions). Includes shortest paths. Useful for understanding world connectivity and finding isolated areas. Set respect_conditions to true to honour every exit guard under the property values in state (others keep their starting values); the answer then lists the blocked exits and the guards that could not be judged. On a large world set include_paths to false: every path together grows with the square of the world, while parents (where the search reached each location from) stay small. An answer over 64 KiB comes in pages: it then carries page.total (the full length of each list) and page.next_cursor; call again with the same arguments and cursor set to next_cursor until it is null. limit sets the page size.",
      input,
      output,
      handler: ({ from, respect_conditions, state, include_paths, limit, cursor }, world) => {
        const respect = respect_conditions === true;
        const includePaths = include_paths !== false;
        const question = {
          from,
          respect_conditions: respect,
          state: respect ? canonicalState(state) : undefined,
          include_paths: includePaths,
        };
        return answerInPages(world, "get_reachable_locations", question, { limit, cursor }, () => {
          const search = searchReachable(world.compiled, from, {
            respectConditions: respect,
            state,
            sources: respect ? world.lines : undefined,
          });
          return "error" in search ? search : reachablePages(search, includePaths);
        });
      },
    },
    store,
  );
}

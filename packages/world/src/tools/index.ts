import type { Tool } from "@tabletop-mcp/kit";
import type { WorldStore } from "../world/world-store.js";
import { createGetChoiceConditionsTool } from "./get-choice-conditions.js";
import { createGetDiagnosticsTool } from "./get-diagnostics.js";
import { createGetDialogueGraphTool } from "./get-dialogue-graph.js";
import { createGetEntityDetailsTool } from "./get-entity-details.js";
import { createGetExitGraphTool } from "./get-exit-graph.js";
import { createGetPropertyDependenciesTool } from "./get-property-dependencies.js";
import { createGetReachableLocationsTool } from "./get-reachable-locations.js";
import { createGetWorldMetadataTool } from "./get-world-metadata.js";

/**
 * The eight world tools in their documented order (docs/world.md §3.1), answering from the
 * store's current snapshot.
 *
 * @param store - the current compiled world
 * @returns the tools to register
 */
export function createWorldTools(store: WorldStore): Tool[] {
  return [
    createGetWorldMetadataTool(store),
    createGetExitGraphTool(store),
    createGetDialogueGraphTool(store),
    createGetEntityDetailsTool(store),
    createGetPropertyDependenciesTool(store),
    createGetReachableLocationsTool(store),
    createGetChoiceConditionsTool(store),
    createGetDiagnosticsTool(store),
  ];
}

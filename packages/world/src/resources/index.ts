import type { ResourceSpec } from "@tabletop-mcp/kit";
import type { WorldStore } from "../world/world-store.js";
import { createWorldCompiledResource } from "./world-compiled.js";
import { createWorldSourceResource } from "./world-source.js";

/**
 * The world's resources: `world://compiled` and `world://source`, both subscribable.
 *
 * @param store - the current compiled world
 * @returns the resources to register
 */
export function createWorldResources(store: WorldStore): ResourceSpec[] {
  return [createWorldCompiledResource(store), createWorldSourceResource(store)];
}

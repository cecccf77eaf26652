import { defineResource, type ResourceSpec } from "@tabletop-mcp/kit";
import type { WorldStore } from "../world/world-store.js";

/** The URI of the compiled world JSON. */
export const WORLD_COMPILED_URI = "world://compiled";

/**
 * `world://compiled`: the compiled world JSON (docs/urd.md, the compiled world; docs/world.md
 * §6), or `{"error":"No compiled world available"}` when the compilation had errors.
 *
 * @param store - the current compiled world
 * @returns the resource
 */
export function createWorldCompiledResource(store: WorldStore): ResourceSpec {
  return defineResource({
    uri: WORLD_COMPILED_URI,
    name: "compiled-world",
    title: "Compiled world JSON",
    description:
      "The whole compiled Urd world as JSON (types, entities, locations, actions, dialogue). Prefer the tools for questions; read this to see everything at once.",
    mimeType: "application/json",
    scope: "tabletop:play",
    read: () => {
      const world = store.current.compiled.world;
      return { text: JSON.stringify(world ?? { error: "No compiled world available" }) };
    },
  });
}

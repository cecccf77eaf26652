import { defineResource, type ResourceSpec } from "@tabletop-mcp/kit";
import type { WorldStore } from "../world/world-store.js";

/** The URI of the world file's text. */
export const WORLD_SOURCE_URI = "world://source";

/**
 * `world://source`: the entry file's Urd text, as last compiled.
 *
 * @param store - the current compiled world
 * @returns the resource
 */
export function createWorldSourceResource(store: WorldStore): ResourceSpec {
  return defineResource({
    uri: WORLD_SOURCE_URI,
    name: "world-source",
    title: "World source",
    description: "The Urd source text (.urd.md) of the world's entry file, as last compiled.",
    mimeType: "text/markdown",
    scope: "tabletop:play",
    read: () => ({ text: store.current.source }),
  });
}

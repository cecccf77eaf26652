import type { Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { getPropertyDependencies } from "../queries/get-property-dependencies.js";
import type { WorldStore } from "../world/world-store.js";
import { defineWorldTool, payloadSchema } from "./world-tool.js";

const input = z.strictObject({
  entity_type: z.string().describe("Type name (e.g., 'Character'), not an entity id"),
  property: z.string().describe("Property name (e.g., 'trust')"),
});

const output = payloadSchema({
  property_key: z.string(),
  read_count: z.int(),
  write_count: z.int(),
  read_only: z.boolean(),
  write_only: z.boolean(),
  reads: z.array(z.object({ site: z.string(), comparison: z.string() })),
  writes: z.array(z.object({ site: z.string(), operation: z.string() })),
});

/**
 * `get_property_dependencies` (urd.md §12.7).
 *
 * @param store - the current compiled world
 * @returns the tool
 */
export function createGetPropertyDependenciesTool(store: WorldStore): Tool {
  return defineWorldTool(
    {
      name: "get_property_dependencies",
      title: "Property reads and writes",
      description:
        "Returns where a specific property is read and written across the world. Shows all condition sites (reads) and effect sites (writes) with their expressions. Useful for understanding how a property influences game logic, e.g. every way a character's trust can change or what a lock's state gates. Properties are per type: 'Character.trust' covers every Character entity.",
      input,
      output,
      handler: ({ entity_type, property }, world) =>
        getPropertyDependencies(world.compiled, { entity_type, property }),
    },
    store,
  );
}

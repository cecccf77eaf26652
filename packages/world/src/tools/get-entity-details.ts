import type { Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { getEntityDetails } from "../queries/get-entity-details.js";
import type { WorldStore } from "../world/world-store.js";
import { defineWorldTool, payloadSchema } from "./world-tool.js";

const input = z.strictObject({
  entity_id: z.string().describe("Entity ID (e.g., '@warden'); the leading '@' is optional"),
});

const output = payloadSchema({
  entity_id: z.string(),
  type: z.string(),
  container: z.string(),
  properties: z.array(
    z.object({
      name: z.string(),
      type: z.string(),
      default: z.unknown().optional(),
      values: z.array(z.string()).optional(),
      visibility: z.literal("hidden").optional(),
      min: z.number().optional(),
      max: z.number().optional(),
    }),
  ),
});

/**
 * `get_entity_details` (urd.md §12.6).
 *
 * @param store - the current compiled world
 * @returns the tool
 */
export function createGetEntityDetailsTool(store: WorldStore): Tool {
  return defineWorldTool(
    {
      name: "get_entity_details",
      title: "Entity details",
      description:
        "Returns detailed information about a specific entity: its type, container location, and all properties with types, defaults, and constraints. Entity IDs start with '@'. Use it to answer which type an entity has, where it starts, or what value a property starts with.",
      input,
      output,
      handler: ({ entity_id }, world) => getEntityDetails(world.compiled, entity_id),
    },
    store,
  );
}

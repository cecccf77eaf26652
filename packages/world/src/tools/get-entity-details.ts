import type { Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { pageableArrays } from "../paging/pageable-answer.js";
import { getEntityDetails } from "../queries/get-entity-details.js";
import type { WorldStore } from "../world/world-store.js";
import { answerInPages } from "./pageable-answers.js";
import { idParameter, pageSchema, pagingParameters } from "./paging-parameters.js";
import { defineWorldTool, payloadSchema } from "./world-tool.js";

const input = z.strictObject({
  entity_id: idParameter("Entity ID (e.g., '@warden'); the leading '@' is optional"),
  ...pagingParameters,
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
  page: pageSchema,
  cursor: z.string(),
});

/**
 * `get_entity_details` (docs/world.md §4.4), with pages (§5.2).
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
        "Returns detailed information about a specific entity: its type, container location, and all properties with types, defaults, and constraints. Entity IDs start with '@'. Use it to answer which type an entity has, where it starts, or what value a property starts with. An answer over 64 KiB (a type with thousands of properties) comes in pages: it then carries page.total and page.next_cursor; call again with the same arguments and cursor set to next_cursor until it is null.",
      input,
      output,
      handler: ({ entity_id, limit, cursor }, world) =>
        answerInPages(world, "get_entity_details", { entity_id }, { limit, cursor }, () => {
          const details = getEntityDetails(world.compiled, entity_id);
          return "error" in details ? details : pageableArrays(details, ["properties"]);
        }),
    },
    store,
  );
}

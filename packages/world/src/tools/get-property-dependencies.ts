import type { Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { pageableArrays } from "../paging/pageable-answer.js";
import { getPropertyDependencies } from "../queries/get-property-dependencies.js";
import type { WorldStore } from "../world/world-store.js";
import { answerInPages } from "./pageable-answers.js";
import { idParameter, pageSchema, pagingParameters } from "./paging-parameters.js";
import { defineWorldTool, payloadSchema } from "./world-tool.js";

const input = z.strictObject({
  entity_type: idParameter("Type name (e.g., 'Character'), not an entity id"),
  property: idParameter("Property name (e.g., 'trust')"),
  ...pagingParameters,
});

const output = payloadSchema({
  property_key: z.string(),
  read_count: z.int(),
  write_count: z.int(),
  read_only: z.boolean(),
  write_only: z.boolean(),
  reads: z.array(z.object({ site: z.string(), comparison: z.string() })),
  writes: z.array(z.object({ site: z.string(), operation: z.string() })),
  page: pageSchema,
  cursor: z.string(),
});

/**
 * `get_property_dependencies` (docs/world.md §4.5), with pages (§5.2).
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
        "Returns where a specific property is read and written across the world. Shows all condition sites (reads) and effect sites (writes) with their expressions. Useful for understanding how a property influences game logic, e.g. every way a character's trust can change or what a lock's state gates. Properties are per type: 'Character.trust' covers every Character entity. The counts always describe every site. An answer over 64 KiB comes in pages: it then carries page.total and page.next_cursor; call again with the same arguments and cursor set to next_cursor until it is null. limit sets the page size.",
      input,
      output,
      handler: ({ entity_type, property, limit, cursor }, world) =>
        answerInPages(
          world,
          "get_property_dependencies",
          { entity_type, property },
          { limit, cursor },
          () => {
            const dependencies = getPropertyDependencies(world.compiled, { entity_type, property });
            return "error" in dependencies
              ? dependencies
              : pageableArrays(dependencies, ["reads", "writes"]);
          },
        ),
    },
    store,
  );
}

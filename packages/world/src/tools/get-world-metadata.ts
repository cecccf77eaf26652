import type { Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { getWorldMetadata } from "../queries/get-world-metadata.js";
import type { WorldStore } from "../world/world-store.js";
import { defineWorldTool, payloadSchema } from "./world-tool.js";

const input = z.strictObject({});

const output = payloadSchema({
  world_name: z.string(),
  start_location: z.string(),
  world_version: z.unknown(),
  entity_count: z.int(),
  location_count: z.int(),
  type_count: z.int(),
  section_count: z.int(),
  exit_count: z.int(),
  rule_count: z.int(),
  has_errors: z.boolean(),
  diagnostic_count: z.int(),
});

/**
 * `get_world_metadata` (docs/world.md §4.1).
 *
 * @param store - the current compiled world
 * @returns the tool
 */
export function createGetWorldMetadataTool(store: WorldStore): Tool {
  return defineWorldTool(
    {
      name: "get_world_metadata",
      title: "World overview",
      description:
        "Returns overview information about the compiled Urd world: name, version, start location, and counts of entities, locations, types, sections, exits, and rules. Also says whether the world compiled with errors and how many diagnostics there are. Call this first to orient yourself in an unfamiliar world.",
      input,
      output,
      handler: (_args, world) => getWorldMetadata(world.compiled),
    },
    store,
  );
}

import type { Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { getDialogueGraph } from "../queries/get-dialogue-graph.js";
import type { WorldStore } from "../world/world-store.js";
import { defineWorldTool, payloadSchema } from "./world-tool.js";

const input = z.strictObject({});

const output = payloadSchema({
  sections: z.array(z.string()),
  jumps: z.array(
    z.object({
      from_section: z.string(),
      to_section: z.string(),
      type: z.enum(["section", "exit", "end"]),
    }),
  ),
  choices: z.array(
    z.object({
      section: z.string(),
      choice_id: z.string(),
      label: z.string(),
      sticky: z.boolean(),
      condition_count: z.int(),
      effect_count: z.int(),
    }),
  ),
});

/**
 * `get_dialogue_graph` (urd.md §12.5).
 *
 * @param store - the current compiled world
 * @returns the tool
 */
export function createGetDialogueGraphTool(store: WorldStore): Tool {
  return defineWorldTool(
    {
      name: "get_dialogue_graph",
      title: "Dialogue graph",
      description:
        "Returns the dialogue structure graph: sections (dialogue nodes), jumps between sections, and choices within sections including their labels, conditions, and effects (as counts). Section ids look like 'locked-garden/greet' (file name stem, then section name); pass one to get_choice_conditions for the actual conditions and effects of its choices.",
      input,
      output,
      handler: (_args, world) => getDialogueGraph(world.compiled),
    },
    store,
  );
}

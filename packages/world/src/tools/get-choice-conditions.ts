import type { Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { getChoiceConditions } from "../queries/get-choice-conditions.js";
import type { WorldStore } from "../world/world-store.js";
import { defineWorldTool, payloadSchema } from "./world-tool.js";

const input = z.strictObject({
  section: z
    .string()
    .describe(
      "Section compiled ID: file name stem, '/', section name (e.g., 'locked-garden/greet')",
    ),
});

const output = payloadSchema({
  section: z.string(),
  choices: z.array(
    z.object({
      choice_id: z.string(),
      label: z.string(),
      sticky: z.boolean(),
      conditions: z.array(z.object({ property: z.string(), comparison: z.string() })),
      effects: z.array(z.object({ property: z.string(), operation: z.string() })),
    }),
  ),
});

/**
 * `get_choice_conditions` (urd.md §12.9).
 *
 * @param store - the current compiled world
 * @returns the tool
 */
export function createGetChoiceConditionsTool(store: WorldStore): Tool {
  return defineWorldTool(
    {
      name: "get_choice_conditions",
      title: "Choice conditions and effects",
      description:
        "Returns all choices in a dialogue section with their conditions (property reads) and effects (property writes). Useful for understanding what gates player options and what consequences they have, e.g. what choosing 'Offer the journal' does. Find section ids with get_dialogue_graph.",
      input,
      output,
      handler: ({ section }, world) => getChoiceConditions(world.compiled, section),
    },
    store,
  );
}

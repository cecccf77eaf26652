import type { Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { pageableArrays } from "../paging/pageable-answer.js";
import { getChoiceConditions } from "../queries/get-choice-conditions.js";
import type { WorldStore } from "../world/world-store.js";
import { answerInPages } from "./pageable-answers.js";
import { idParameter, pageSchema, pagingParameters } from "./paging-parameters.js";
import { defineWorldTool, payloadSchema } from "./world-tool.js";

const input = z.strictObject({
  section: idParameter(
    "Section compiled ID: file name stem, '/', section name (e.g., 'locked-garden/greet')",
  ),
  ...pagingParameters,
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
  page: pageSchema,
  cursor: z.string(),
});

/**
 * `get_choice_conditions` (docs/world.md §4.7), with pages (§5.2).
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
        "Returns all choices in a dialogue section with their conditions (property reads) and effects (property writes). Useful for understanding what gates player options and what consequences they have, e.g. what choosing 'Offer the journal' does. Find section ids with get_dialogue_graph. An answer over 64 KiB comes in pages: it then carries page.total and page.next_cursor; call again with the same arguments and cursor set to next_cursor until it is null.",
      input,
      output,
      handler: ({ section, limit, cursor }, world) =>
        answerInPages(world, "get_choice_conditions", { section }, { limit, cursor }, () => {
          const conditions = getChoiceConditions(world.compiled, section);
          return "error" in conditions ? conditions : pageableArrays(conditions, ["choices"]);
        }),
    },
    store,
  );
}

import type { Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { pageableArrays } from "../paging/pageable-answer.js";
import { getDialogueGraph } from "../queries/get-dialogue-graph.js";
import type { WorldStore } from "../world/world-store.js";
import { answerInPages } from "./pageable-answers.js";
import { idParameter, pageSchema, pagingParameters } from "./paging-parameters.js";
import { defineWorldTool, payloadSchema } from "./world-tool.js";

const input = z.strictObject({
  section_prefix: idParameter(
    "Only sections whose id starts with this (e.g. 'locked-garden/' for one file, 'locked-garden/greet' for one section), with the jumps out of them and their choices",
  ).optional(),
  ...pagingParameters,
});

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
  page: pageSchema,
  cursor: z.string(),
});

/**
 * `get_dialogue_graph` (docs/world.md §4.3), with section prefixes and pages (§5.2, §5.5).
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
        "Returns the dialogue structure graph: sections (dialogue nodes), jumps between sections, and choices within sections including their labels, conditions, and effects (as counts). Section ids look like 'locked-garden/greet' (file name stem, then section name); pass one to get_choice_conditions for the actual conditions and effects of its choices. On a large world, ask for one file's or one section's part with section_prefix. An answer over 64 KiB comes in pages: it then carries page.total (the full length of each list) and page.next_cursor; call again with the same arguments and cursor set to next_cursor until it is null. limit sets the page size.",
      input,
      output,
      handler: ({ section_prefix, limit, cursor }, world) => {
        const question = section_prefix === undefined ? {} : { section_prefix };
        return answerInPages(world, "get_dialogue_graph", question, { limit, cursor }, () =>
          pageableArrays(getDialogueGraph(world.compiled, section_prefix), [
            "sections",
            "jumps",
            "choices",
          ]),
        );
      },
    },
    store,
  );
}

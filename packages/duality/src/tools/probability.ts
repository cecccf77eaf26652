import { defineTool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { computeActionProbability, DUALITY_OUTCOMES } from "../engine/index.js";
import { DETERMINISTIC_HINTS, parameters } from "./parameters.js";

const count = z.int().min(0);

/** `duality_probability` (docs/duality.md §3.5): exact outcome counts over every combination. */
export const probabilityTool = defineTool({
  name: "duality_probability",
  title: "Exact Duality odds",
  description:
    "Counts every outcome of a Daggerheart action roll exactly, over all equally likely dice combinations: the 144 Hope/Fear pairs, or 144 x 6 = 864 when net advantage or disadvantage adds a d6. No sampling: divide a count by total_outcomes for the probability. Use it to answer 'what are my odds?' before a roll, or to compare modifiers, difficulties and advantage. crit_count counts Hope equal to Fear (always a success); success_count and failure_count exclude crits, so crit + success + failure = total_outcomes, and they are null without a difficulty. outcome_counts lists CRITICAL_SUCCESS, SUCCESS_WITH_HOPE, SUCCESS_WITH_FEAR, FAILURE_WITH_HOPE, FAILURE_WITH_FEAR with a difficulty, or CRITICAL_SUCCESS, ROLL_WITH_HOPE, ROLL_WITH_FEAR without one; zero counts included. Example: modifier 2, difficulty 15 gives 12 crits, 72 successes and 60 failures out of 144.",
  input: z.strictObject({
    modifier: parameters.modifier.optional(),
    difficulty: parameters.difficulty.optional(),
    advantage: parameters.advantage.optional(),
    disadvantage: parameters.disadvantage.optional(),
  }),
  output: z.object({
    total_outcomes: count.describe("144, or 864 with an advantage or disadvantage d6."),
    crit_count: count.describe("Combinations with Hope equal to Fear."),
    success_count: count.nullable().describe("Non-critical successes; null without a difficulty."),
    failure_count: count.nullable().describe("Failures; null without a difficulty."),
    outcome_counts: z.array(z.object({ outcome: z.enum(DUALITY_OUTCOMES), count })),
  }),
  annotations: DETERMINISTIC_HINTS,
  scope: "tabletop:play",
  handler: (args) => computeActionProbability(args),
});

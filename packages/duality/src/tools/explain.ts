import { defineTool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { DUALITY_OUTCOMES, explainActionOutcome, RULES_VERSION } from "../engine/index.js";
import { knownActionDiceShape } from "./outcome.js";
import { OUTCOME_GUIDE } from "./outcome-guide.js";
import { DETERMINISTIC_HINTS, EXTRA_DIE_RULE, parameters } from "./parameters.js";
import { actionResultShape } from "./result-schemas.js";

const extraDieData = {
  advantage_die: z.int().optional(),
  disadvantage_die: z.int().optional(),
};

const stepSchema = z.discriminatedUnion("code", [
  z.object({
    code: z.literal("SUM_DICE"),
    message: z.literal("Sum hope and fear dice"),
    data: z.object({ hope: z.int(), fear: z.int(), base_total: z.int() }),
  }),
  z.object({
    code: z.literal("APPLY_MODIFIER"),
    message: z.literal("Apply modifier to base total"),
    data: z.object({ base_total: z.int(), modifier: z.int(), ...extraDieData, total: z.int() }),
  }),
  z.object({
    code: z.literal("CHECK_CRIT"),
    message: z.literal("Check for critical outcome"),
    data: z.object({ hope: z.int(), fear: z.int(), is_crit: z.boolean() }),
  }),
  z.object({
    code: z.literal("CHECK_DIFFICULTY"),
    message: z.literal("Compare total against difficulty"),
    data: z.object({
      total: z.int(),
      difficulty: z.int().nullable(),
      meets_difficulty: z.boolean(),
    }),
  }),
  z.object({
    code: z.literal("SELECT_OUTCOME"),
    message: z.literal("Select final outcome based on roll"),
    data: z.object({ outcome: z.enum(DUALITY_OUTCOMES) }),
  }),
]);

const output = z.object({
  ...actionResultShape,
  rules_version: z.literal(RULES_VERSION),
  intermediates: z.object({
    base_total: z.int().describe("hope + fear"),
    total: z.int(),
    is_crit: z.boolean(),
    meets_difficulty: z.boolean(),
    hope_gt_fear: z.boolean(),
    fear_gt_hope: z.boolean(),
  }),
  steps: z
    .array(stepSchema)
    .length(5)
    .describe(
      "SUM_DICE, APPLY_MODIFIER, CHECK_CRIT, CHECK_DIFFICULTY, SELECT_OUTCOME, always in this order.",
    ),
});

/** `duality_explain` (docs/duality.md §3.4): the outcome of known dice, step by step. */
export const explainTool = defineTool({
  name: "duality_explain",
  title: "Explain a Duality outcome",
  description: `Evaluates known Daggerheart Duality dice exactly like duality_outcome and shows the work: the rules version, the intermediates (base_total = hope + fear, total, is_crit, meets_difficulty, hope_gt_fear, fear_gt_hope) and five ordered steps with their data: SUM_DICE, APPLY_MODIFIER (the d6 is already in its total), CHECK_CRIT, CHECK_DIFFICULTY (difficulty null when none was given), SELECT_OUTCOME. Use it when a player or GM asks why a roll came out as it did, or to cite the rules step by step. Deterministic; request_id is only logged. ${OUTCOME_GUIDE}`,
  input: z.strictObject({ ...knownActionDiceShape, request_id: parameters.requestId.optional() }),
  output,
  annotations: DETERMINISTIC_HINTS,
  scope: "tabletop:play",
  crossFieldRules: [EXTRA_DIE_RULE],
  handler: ({ request_id: requestId, ...dice }, context) => {
    if (requestId !== undefined) context.logger.debug("explain", { request_id: requestId });
    return explainActionOutcome(dice);
  },
});

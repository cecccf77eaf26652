import { defineTool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { evaluateActionOutcome } from "../engine/index.js";
import { OUTCOME_GUIDE } from "./outcome-guide.js";
import { DETERMINISTIC_HINTS, EXTRA_DIE_RULE, parameters } from "./parameters.js";
import { actionResultSchema } from "./result-schemas.js";

/** The known dice of an action roll, shared by `duality_outcome` and `duality_explain`. */
export const knownActionDiceShape = {
  hope: parameters.hope,
  fear: parameters.fear,
  modifier: parameters.modifier.optional(),
  difficulty: parameters.difficulty.optional(),
  advantage_die: parameters.advantageDie.optional(),
  disadvantage_die: parameters.disadvantageDie.optional(),
};

/** `duality_outcome` (docs/duality.md §3.3): classifies known dice without rolling. */
export const outcomeTool = defineTool({
  name: "duality_outcome",
  title: "Duality outcome from known dice",
  description: `Classifies a Daggerheart action roll whose dice are already known (rolled at the table or by another tool): hope and fear are required, modifier, difficulty and the rolled advantage_die or disadvantage_die are optional. Nothing is rolled, so equal inputs always give equal results. Use duality_explain instead when you need to show the steps, and duality_action_roll when the server should roll. ${OUTCOME_GUIDE}`,
  input: z.strictObject(knownActionDiceShape),
  output: actionResultSchema,
  annotations: DETERMINISTIC_HINTS,
  scope: "tabletop:play",
  crossFieldRules: [EXTRA_DIE_RULE],
  handler: (args) => evaluateActionOutcome(args),
});

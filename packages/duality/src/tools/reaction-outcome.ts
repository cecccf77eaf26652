import { defineTool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { evaluateReactionOutcome } from "../engine/index.js";
import { DETERMINISTIC_HINTS, EXTRA_DIE_RULE, parameters } from "./parameters.js";
import { REACTION_GUIDE } from "./reaction-guide.js";
import { reactionResultSchema } from "./result-schemas.js";

/** `duality_reaction_outcome` (docs/duality.md §5.2): classifies a reaction roll from known dice. */
export const reactionOutcomeTool = defineTool({
  name: "duality_reaction_outcome",
  title: "Duality reaction outcome from known dice",
  description: `Classifies a Daggerheart reaction roll whose dice are already known: hope, fear and difficulty are required; modifier and the rolled advantage_die or disadvantage_die are optional. Nothing is rolled. Use duality_reaction_roll when the server should roll. ${REACTION_GUIDE}`,
  input: z.strictObject({
    hope: parameters.hope,
    fear: parameters.fear,
    difficulty: parameters.requiredDifficulty,
    modifier: parameters.modifier.optional(),
    advantage_die: parameters.advantageDie.optional(),
    disadvantage_die: parameters.disadvantageDie.optional(),
  }),
  output: reactionResultSchema,
  annotations: DETERMINISTIC_HINTS,
  scope: "tabletop:play",
  crossFieldRules: [EXTRA_DIE_RULE],
  handler: (args) => evaluateReactionOutcome(args),
});

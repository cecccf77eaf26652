import { defineTool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { DUALITY_OUTCOMES, getRulesVersion } from "../engine/index.js";
import { DETERMINISTIC_HINTS } from "./parameters.js";

/** `duality_rules_version` (docs/duality.md §3.1): the rule semantics, as constant metadata. */
export const rulesVersionTool = defineTool({
  name: "duality_rules_version",
  title: "Duality rules version",
  description:
    "Returns the Daggerheart Duality rule semantics this server evaluates with: rules version, dice model (two d12, Hope and Fear), total formula, crit rule (Hope equals Fear is a critical success), difficulty rule (total meets or exceeds difficulty) and the outcome names in canonical order. Takes no parameters. Call it once to cite which rules a result follows; it never changes between calls.",
  input: z.strictObject({}),
  output: z.object({
    system: z.literal("Daggerheart"),
    module: z.literal("Duality"),
    rules_version: z.string(),
    dice_model: z.string(),
    total_formula: z.string(),
    crit_rule: z.string(),
    difficulty_rule: z.string(),
    outcomes: z.array(z.enum(DUALITY_OUTCOMES)),
  }),
  annotations: DETERMINISTIC_HINTS,
  scope: "tabletop:play",
  handler: () => getRulesVersion(),
});

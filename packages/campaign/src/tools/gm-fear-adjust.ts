import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { adjustGmFear } from "../commands/adjust-gm-fear.js";
import { runCommand } from "./run-command.js";
import { campaignIdParameter, contextHandleParameter, textParameter } from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  delta: z.int().min(-12).max(12).describe("Fear gained (positive) or spent (negative), not 0"),
  reason: textParameter(0, 200, "Why, e.g. a rest or a GM move").optional(),
});

const output = z.object({ campaign_id: z.string(), gm_fear_before: z.int(), gm_fear: z.int() });

/**
 * `gm_fear_adjust` (docs/campaign.md §4.14).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function gmFearAdjustTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "gm_fear_adjust",
    title: "Gain or spend GM Fear",
    description:
      "Changes the GM's Fear outside roll outcomes: gains stop at 12, a spend needs that much Fear. Only the GM may. Returns the Fear before and after.",
    input,
    output,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    checkArguments: (args) =>
      args.delta === 0 ? [{ parameter: "delta", issue: "Value must not be 0" }] : [],
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, input) =>
          adjustGmFear(dependencies.environment, caller, input),
        ),
      ),
  });
}

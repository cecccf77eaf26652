import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { adjustGmFear } from "../commands/adjust-gm-fear.js";
import { runCommand } from "./run-command.js";
import { campaignIdParameter, textParameter } from "./schemas.js";
import { callerOf, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  campaign_id: campaignIdParameter,
  delta: z.int().min(-12).max(12).describe("Fear gained (positive) or spent (negative), not 0"),
  reason: textParameter(0, 200, "Why, e.g. a rest or a GM move").optional(),
});

const output = z.object({ campaign_id: z.string(), gm_fear_before: z.int(), gm_fear: z.int() });

/**
 * `gm_fear_adjust` (campaign.md §4.14).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function gmFearAdjustTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "gm_fear_adjust",
    title: "Gain or spend GM Fear",
    description:
      "Changes the GM's Fear outside roll outcomes: gains stop at 12, a spend needs that much Fear. Returns the Fear before and after.",
    input,
    output,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    checkArguments: (args) =>
      args.delta === 0 ? [{ parameter: "delta", issue: "Value must not be 0" }] : [],
    handler: (args, context) =>
      runCommand(context, () =>
        adjustGmFear(dependencies.environment, callerOf(dependencies), args),
      ),
  });
}

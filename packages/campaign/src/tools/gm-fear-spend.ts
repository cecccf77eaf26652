import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { spendGmFear } from "../commands/spend-gm-fear.js";
import { runCommand } from "./run-command.js";
import { campaignIdParameter, contextHandleParameter, textParameter } from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  amount: z.int().min(1).max(12).describe("Fear to spend"),
  reason: textParameter(
    1,
    200,
    "What it is spent on: an adversary's Fear feature, an extra GM move, an interrupt",
  ),
});

const output = z.object({ gm_fear: z.int(), spent: z.int(), reason: z.string() });

/**
 * `gm_fear_spend` (docs/campaign.md §4.30).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function gmFearSpendTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "gm_fear_spend",
    title: "Spend GM Fear",
    description:
      "Spends GM Fear on what the reason names (an adversary's Fear feature, an extra GM move, an interrupt); never below 0: with less Fear than the amount, FAILED_PRECONDITION and nothing spent. GM only. Logged as GM_FEAR_SPENT in the active session, if any. Returns the Fear left. To gain Fear, or change it otherwise: gm_fear_adjust.",
    input,
    output,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, rest) =>
          spendGmFear(dependencies.environment, caller, rest),
        ),
      ),
  });
}

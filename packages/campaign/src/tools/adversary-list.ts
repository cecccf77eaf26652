import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { listAdversaries } from "../commands/list-adversaries.js";
import { adversaryOutput } from "./adversary-schemas.js";
import { runCommand } from "./run-command.js";
import { campaignIdParameter, contextHandleParameter, ID_PATTERN } from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  limit: z.int().min(1).max(100).describe("Stat blocks per page (default 20)").optional(),
  cursor: z.string().regex(ID_PATTERN).describe("The next_cursor of the previous page").optional(),
});

const output = z.object({
  adversaries: z.array(adversaryOutput),
  next_cursor: z.string().nullable().describe("Pass as cursor for the next page; null at the end"),
});

/**
 * `adversary_list` (docs/campaign.md §4.23).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function adversaryListTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "adversary_list",
    title: "List the adversary stat blocks",
    description:
      "Lists the campaign's adversary stat blocks, oldest first, whole. GM only. Paged: while next_cursor is not null, call again with cursor set to it.",
    input,
    output,
    annotations: { readOnlyHint: true, idempotentHint: true, destructiveHint: false },
    scope: "campaign:read",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, { campaign_id, limit, cursor }) =>
          listAdversaries(dependencies.environment, caller, {
            campaign_id,
            limit: limit ?? 20,
            cursor,
          }),
        ),
      ),
  });
}

import {
  defineTool,
  InvalidParametersError,
  type ParameterProblem,
  type Tool,
  validateArguments,
} from "@tabletop-mcp/kit";
import * as z from "zod";
import { importAdversaries } from "../commands/import-adversaries.js";
import { type StatBlock, statBlockProblems } from "../domain/adversaries.js";
import { statBlockInput, statBlockOf } from "./adversary-schemas.js";
import { runCommand } from "./run-command.js";
import { campaignIdParameter, contextHandleParameter } from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

/** The largest document taken: 256 KiB of UTF-8. */
export const MAX_IMPORT_BYTES = 256 * 1024;
/** The most stat blocks one document may hold. */
export const MAX_IMPORT_BLOCKS = 200;

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  document: z
    .string()
    .min(1)
    .max(MAX_IMPORT_BYTES)
    .describe(
      `A JSON array of stat blocks, each as adversary_define takes it (at most ${MAX_IMPORT_BLOCKS}, 256 KiB)`,
    ),
});

const output = z.object({
  imported: z.int(),
  adversaries: z.array(
    z.object({ id: z.string(), name: z.string(), type: z.string(), tier: z.int() }),
  ),
});

const BLOCK_JSON_SCHEMA = z.toJSONSchema(statBlockInput, {
  io: "input",
  unrepresentable: "any",
}) as Parameters<typeof validateArguments>[1];

/**
 * The stat blocks of a document, or every problem of it (docs/campaign.md §4.24): its size, its
 * JSON, and each block's fields and rules, named `document[i].field`.
 *
 * @throws InvalidParametersError listing every problem; nothing is kept then
 */
export function documentBlocks(document: string): StatBlock[] {
  const bytes = Buffer.byteLength(document, "utf8");
  if (bytes > MAX_IMPORT_BYTES) {
    throw refused(`Document is ${bytes} bytes; at most ${MAX_IMPORT_BYTES} (256 KiB) allowed`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(document);
  } catch (error) {
    throw refused(`Not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed)) throw refused("Must be a JSON array of stat blocks");
  if (parsed.length === 0) throw refused("Holds no stat blocks");
  if (parsed.length > MAX_IMPORT_BLOCKS) {
    throw refused(`Holds ${parsed.length} stat blocks; at most ${MAX_IMPORT_BLOCKS} allowed`);
  }
  const blocks: StatBlock[] = [];
  const problems: ParameterProblem[] = [];
  parsed.forEach((item, index) => {
    const prefix = `document[${index}].`;
    const checked = validateArguments(statBlockInput, BLOCK_JSON_SCHEMA, item);
    if (!checked.ok) {
      for (const problem of checked.problems) {
        const field = problem.parameter === "arguments" ? "" : problem.parameter;
        problems.push({ ...problem, parameter: `${prefix}${field}`.replace(/\.$/, "") });
      }
      return;
    }
    const block = statBlockOf(checked.value);
    problems.push(...statBlockProblems(block, prefix));
    blocks.push(block);
  });
  if (problems.length > 0) throw new InvalidParametersError(problems);
  return blocks;
}

function refused(issue: string): InvalidParametersError {
  return new InvalidParametersError([{ parameter: "document", issue }]);
}

/**
 * `adversary_import` (docs/campaign.md §4.24).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function adversaryImportTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "adversary_import",
    title: "Import adversary stat blocks",
    description: `Keeps every stat block of a JSON document the GM owns (a JSON array, each item as adversary_define takes it; at most ${MAX_IMPORT_BLOCKS} blocks and 256 KiB). All or nothing: when any block breaks a rule, every problem is listed by document[index].field and nothing is kept. GM only. Logged as one GM-only ADVERSARIES_IMPORTED in the active session, if any. Returns how many were kept and their ids, in the document's order.`,
    input,
    output,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, { campaign_id, document }) =>
          importAdversaries(dependencies.environment, caller, {
            campaign_id,
            blocks: documentBlocks(document),
          }),
        ),
      ),
  });
}

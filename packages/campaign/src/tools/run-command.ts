import { type ToolContext, ToolError } from "@tabletop-mcp/kit";
import type { CommandResult } from "../commands/command-environment.js";
import { CommandFailure } from "../commands/command-failure.js";
import { CampaignError } from "../domain/campaign-error.js";

/**
 * Maps the package's own failures to the kit's error, the one place this happens.
 *
 * @param error - anything a command threw
 * @returns a ToolError for domain failures, the error itself otherwise
 */
export function toToolError(error: unknown): unknown {
  if (error instanceof CampaignError) return new ToolError(error.code, error.message);
  if (error instanceof CommandFailure) return new ToolError(error.error.code, error.error.message);
  return error;
}

function announce(context: ToolContext, uris: readonly string[]): void {
  for (const uri of new Set(uris)) context.resourceUpdated(uri);
}

/**
 * Runs a command after its transaction committed: announces each changed URI once to its
 * subscribers (also for a refusal that logged a rejection event) and maps failures.
 *
 * @param context - the tool call's context
 * @param command - the command to run
 * @returns the command's value
 * @throws ToolError for domain failures
 */
export function runCommand<Value>(
  context: ToolContext,
  command: () => CommandResult<Value>,
): Value {
  try {
    const result = command();
    announce(context, result.changedUris);
    return result.value;
  } catch (error) {
    if (error instanceof CommandFailure) announce(context, error.changedUris);
    throw toToolError(error);
  }
}

/**
 * Runs a read-only command and maps its failures.
 *
 * @param query - the read
 * @returns its value
 * @throws ToolError for domain failures
 */
export function runQuery<Value>(query: () => Value): Value {
  try {
    return query();
  } catch (error) {
    throw toToolError(error);
  }
}

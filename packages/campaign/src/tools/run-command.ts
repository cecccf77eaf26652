import { type ToolContext, ToolError } from "@tabletop-mcp/kit";
import type { CommandResult } from "../commands/command-environment.js";
import { CommandFailure } from "../commands/command-failure.js";
import { CampaignError } from "../domain/campaign-error.js";
import type { ToolDependencies } from "./tool-dependencies.js";

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

/** Records who was refused what, so that a GM or operator can see it in the log. */
function logRefusal(context: ToolContext, error: unknown): void {
  if (!(error instanceof CampaignError) || error.code !== "PERMISSION_DENIED") return;
  context.logger.warn(`permission denied: ${error.message}`, {
    subject: context.identity.subject,
    client: context.identity.clientId,
  });
}

/**
 * Runs a command, which resolves once its writes are committed, then announces each changed
 * URI once to the subscribers who may hear of it (also for a refusal that logged a rejection
 * event) and answers.
 *
 * @param dependencies - the session's tool dependencies, which announce changes
 * @param context - the tool call's context
 * @param command - the command to run
 * @returns the command's value, once durable
 * @throws ToolError for domain failures; the store's error when the commit failed
 */
export async function runCommand<Value>(
  dependencies: ToolDependencies,
  context: ToolContext,
  command: () => Promise<CommandResult<Value>>,
): Promise<Value> {
  let result: CommandResult<Value>;
  try {
    result = await command();
  } catch (error) {
    if (error instanceof CommandFailure) dependencies.announce(error.changedUris, error.audience);
    logRefusal(context, error);
    throw toToolError(error);
  }
  dependencies.announce(result.changedUris, result.audience);
  return result.value;
}

/**
 * Runs a read; the store answers once what it saw is committed.
 *
 * @param query - the read
 * @returns its value
 * @throws ToolError for domain failures
 */
export async function runQuery<Value>(query: () => Promise<Value>): Promise<Value> {
  try {
    return await query();
  } catch (error) {
    throw toToolError(error);
  }
}

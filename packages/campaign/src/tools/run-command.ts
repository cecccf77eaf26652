import { type ToolContext, ToolError } from "@tabletop-mcp/kit";
import type { CommandResult } from "../commands/command-environment.js";
import { CommandFailure } from "../commands/command-failure.js";
import { CampaignError } from "../domain/campaign-error.js";
import type { CampaignStore } from "../storage/campaign-store.js";

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
 * Runs a command, waits until its writes are committed, then announces each changed URI once
 * to its subscribers (also for a refusal that logged a rejection event) and answers.
 *
 * @param context - the tool call's context
 * @param store - the store the command writes to
 * @param command - the command to run
 * @returns the command's value, once durable
 * @throws ToolError for domain failures; the commit's error when the commit failed
 */
export async function runCommand<Value>(
  context: ToolContext,
  store: CampaignStore,
  command: () => CommandResult<Value>,
): Promise<Value> {
  let result: CommandResult<Value>;
  try {
    result = command();
  } catch (error) {
    if (error instanceof CommandFailure) {
      await store.flush();
      announce(context, error.changedUris);
    }
    throw toToolError(error);
  }
  await store.flush();
  announce(context, result.changedUris);
  return result.value;
}

/**
 * Runs a read and answers once what it saw is committed.
 *
 * @param store - the store read from
 * @param query - the read
 * @returns its value
 * @throws ToolError for domain failures
 */
export async function runQuery<Value>(store: CampaignStore, query: () => Value): Promise<Value> {
  let value: Value;
  try {
    value = query();
  } catch (error) {
    throw toToolError(error);
  }
  await store.flush();
  return value;
}

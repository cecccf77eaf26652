import type { ToolContext } from "@tabletop-mcp/kit";
import type { Caller, CommandEnvironment } from "../commands/command-environment.js";
import { contextOfHandle } from "../commands/context-handles.js";
import type { SessionContext } from "../domain/records.js";
import { requestIdOf } from "../session-protocol.js";
import type { ChangeAudience } from "../storage/campaign-store.js";

/** What one MCP session's tools share: the process-wide environment and the session's context. */
export interface ToolDependencies {
  environment: CommandEnvironment;
  /** The caller's current context in this session (docs/campaign.md §3). */
  context(subject: string): SessionContext;
  /** Replaces the caller's context in this session; true when it changed. */
  replaceContext(subject: string, next: SessionContext): boolean;
  /**
   * Tells this session alone that `context://current` changed, if it subscribed; resolves once
   * the new context is kept, where sessions are kept in the store.
   */
  contextUpdated(): Promise<void>;
  /** Tells the subscribers who may hear of them that these URIs changed. */
  announce(changedUris: readonly string[], audience: ChangeAudience | undefined): void;
}

/**
 * The caller of the tool call being handled. Its context, which the tool's omitted ids default
 * to, is the one the `context` handle names when the call gives one, else the caller's context
 * in this session (docs/campaign.md §3).
 *
 * @param dependencies - the session's tool dependencies
 * @param context - the tool call's context, which knows who is calling
 * @param handle - the call's `context` argument, if any
 * @returns its context, request id and subject
 * @throws CampaignError `NOT_FOUND` `context not found` for a handle the caller may not use
 */
export async function callerOf(
  dependencies: ToolDependencies,
  context: ToolContext,
  handle?: string | undefined,
): Promise<Caller> {
  const { subject, name } = context.identity;
  return {
    context:
      handle === undefined
        ? dependencies.context(subject)
        : await contextOfHandle(dependencies.environment, subject, handle),
    requestId: requestIdOf(context),
    actor: name === undefined ? { subject } : { subject, name },
  };
}

/**
 * Runs a command as the caller of a tool call, its `context` argument resolved by
 * {@link callerOf} and left out of the input the command sees.
 *
 * @param dependencies - the session's tool dependencies
 * @param context - the tool call's context
 * @param args - the call's arguments
 * @param command - the command, given the caller and the other arguments
 * @returns what the command returns
 */
export async function asCaller<Args extends { context?: string | undefined }, Value>(
  dependencies: ToolDependencies,
  context: ToolContext,
  args: Args,
  command: (caller: Caller, input: Omit<Args, "context">) => Promise<Value>,
): Promise<Value> {
  const { context: handle, ...input } = args;
  return command(await callerOf(dependencies, context, handle), input);
}

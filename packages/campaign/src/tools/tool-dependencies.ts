import type { ToolContext } from "@tabletop-mcp/kit";
import type { Caller, CommandEnvironment } from "../commands/command-environment.js";
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
 * The caller of the tool call being handled.
 *
 * @param dependencies - the session's tool dependencies
 * @param context - the tool call's context, which knows who is calling
 * @returns its context, request id and subject
 */
export function callerOf(dependencies: ToolDependencies, context: ToolContext): Caller {
  const { subject, name } = context.identity;
  return {
    context: dependencies.context(subject),
    requestId: requestIdOf(context),
    actor: name === undefined ? { subject } : { subject, name },
  };
}

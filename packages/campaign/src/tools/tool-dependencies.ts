import type { Caller, CommandEnvironment } from "../commands/command-environment.js";
import type { SessionContext } from "../domain/records.js";

/** What one MCP session's tools share: the process-wide environment and the session's context. */
export interface ToolDependencies {
  environment: CommandEnvironment;
  /** The calling session's current context. */
  context(): SessionContext;
  /** Replaces the session's context; true when it changed. */
  replaceContext(next: SessionContext): boolean;
  /** Tells this session alone that `context://current` changed, if it subscribed. */
  contextUpdated(): void;
  /** The request id of the tool call being handled. */
  requestId(): string;
}

/**
 * The caller of the tool call being handled.
 *
 * @param dependencies - the session's tool dependencies
 * @returns its context and request id
 */
export function callerOf(dependencies: ToolDependencies): Caller {
  return { context: dependencies.context(), requestId: dependencies.requestId() };
}

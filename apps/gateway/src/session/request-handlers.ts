import type { Result } from "@modelcontextprotocol/server";
import { setLevel } from "./logging-requests.js";
import { complete, getPrompt } from "./prompt-requests.js";
import {
  listResources,
  listTemplates,
  readResource,
  subscribe,
  unsubscribe,
} from "./resource-requests.js";
import type { DownstreamExtra, SessionContext } from "./session-context.js";
import { taskRequest } from "./task-requests.js";
import { callTool } from "./tool-calls.js";

/** Answers one kind of request of a downstream session. */
export type RequestHandler = (
  session: SessionContext,
  params: Record<string, unknown>,
  extra: DownstreamExtra,
) => Promise<Result>;

/**
 * The requests a downstream session answers, by method (docs/gateway.md §7.1); anything else
 * is "Method not found". `ping` and `initialize` the SDK answers itself.
 */
export const REQUEST_HANDLERS: ReadonlyMap<string, RequestHandler> = new Map<
  string,
  RequestHandler
>([
  ["tools/list", async (session) => ({ tools: await session.tools.list() })],
  ["tools/call", callTool],
  ["prompts/list", async (session) => ({ prompts: [...session.host.catalog.promptDefinitions] })],
  ["prompts/get", getPrompt],
  ["resources/list", listResources],
  ["resources/templates/list", listTemplates],
  ["resources/read", readResource],
  ["resources/subscribe", subscribe],
  ["resources/unsubscribe", unsubscribe],
  ["logging/setLevel", setLevel],
  ["completion/complete", complete],
]);

/**
 * The requests of the tasks extension, served to 2026-07-28 clients only (docs/gateway.md
 * §7.7): a 2025 client is offered no tasks.
 */
export const TASK_REQUEST_HANDLERS: ReadonlyMap<string, RequestHandler> = new Map(
  ["tasks/get", "tasks/update", "tasks/cancel"].map((method) => [method, taskRequest(method)]),
);

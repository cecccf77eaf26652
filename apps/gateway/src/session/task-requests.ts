import {
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  ProtocolErrorCode,
  type Result,
} from "@modelcontextprotocol/server";
import { identityFromAuthInfo } from "@tabletop-mcp/kit/auth";
import { exposedToolResult } from "../catalog/exposed-uris.js";
import { TASKS_EXTENSION } from "../upstreams/task-lane.js";
import type { Upstream } from "../upstreams/upstream.js";
import { withCallerMeta } from "./caller-meta.js";
import { ProtocolError } from "./protocol-error.js";
import type { RequestHandler } from "./request-handlers.js";
import type { DownstreamExtra, SessionContext } from "./session-context.js";

/** The JSON-RPC code of a request the client's declared capabilities do not allow. */
const MISSING_CLIENT_CAPABILITY = -32021;

/**
 * Whether the request's client declared the tasks extension in its envelope: only then may an
 * upstream answer it with a task (docs/gateway.md §7.7).
 */
export function declaresTasks(extra: DownstreamExtra): boolean {
  const envelope = extra.mcpReq.envelope as Record<string, unknown> | undefined;
  const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY] as
    | { extensions?: Record<string, unknown> }
    | undefined;
  const extensions = capabilities?.extensions;
  return typeof extensions === "object" && extensions !== null && TASKS_EXTENSION in extensions;
}

/** Whether a `tools/call` result is a task the upstream created for it. */
export function isTaskResult(result: Result): boolean {
  return (result as { resultType?: unknown }).resultType === "task";
}

/**
 * A task an upstream created for a call, as its client gets it: the same task with the
 * gateway's handle for its id.
 * @throws ProtocolError when the upstream's task has no id
 */
export function passedTask(
  session: SessionContext,
  upstream: Upstream,
  result: Result,
  extra: DownstreamExtra,
): Result {
  const taskId = (result as { taskId?: unknown }).taskId;
  if (typeof taskId !== "string") {
    throw new ProtocolError(
      ProtocolErrorCode.InternalError,
      `upstream "${upstream.name}" answered with a task that has no taskId`,
    );
  }
  const handle = session.host.taskHandles.seal(
    { upstream: upstream.name, taskId },
    subjectOf(extra),
  );
  return { ...result, taskId: handle };
}

/**
 * Answers `tasks/get`, `tasks/update` or `tasks/cancel` of a 2026-07-28 client: opens the
 * task's handle and asks the upstream that runs it, with its own id (docs/gateway.md §7.7).
 * The answer names the task by the client's handle; a finished task's result has its
 * resource URIs as the client sees them.
 *
 * @param method - the method served
 */
export function taskRequest(method: string): RequestHandler {
  return async (session, params, extra) => {
    if (!declaresTasks(extra)) {
      throw new ProtocolError(
        MISSING_CLIENT_CAPABILITY,
        `Missing required client capability: ${method} needs the ${TASKS_EXTENSION} extension declared in the request's client capabilities`,
        { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
      );
    }
    const address = session.host.taskHandles.open(params.taskId, subjectOf(extra));
    const upstream = session.host.upstreams.find((each) => each.name === address?.upstream);
    if (!address || !upstream) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        "Invalid params: taskId names no task this gateway gave this caller (a task id is valid only as the gateway process that created it gave it, unchanged)",
      );
    }
    const answers =
      method === "tasks/update" ? { inputResponses: extra.mcpReq.inputResponses ?? {} } : {};
    const request = withCallerMeta(
      {
        method,
        params: {
          taskId: address.taskId,
          ...answers,
          _meta: params._meta as Record<string, unknown>,
        },
      },
      upstream,
      extra.http?.authInfo,
    );
    const authInfo = extra.http?.authInfo;
    const result = await session.link(upstream).request(request, {
      signal: extra.mcpReq.signal,
      timeout: upstream.entry.timeoutMs,
      tasks: true,
      ...(authInfo ? { authInfo } : {}),
    });
    return asClientSees(result, address.taskId, params.taskId as string, upstream);
  };
}

/**
 * An upstream's task as the client sees it: its handle for the id, its URIs and its type for
 * the result.
 */
function asClientSees(result: Result, taskId: string, handle: string, upstream: Upstream): Result {
  const task = result as Result & { taskId?: unknown; result?: unknown };
  if (task.taskId !== taskId) return result;
  const inner = task.result;
  // A finished call's result is a 2026-07-28 result, which names its type; an upstream that
  // left it out (as the extension's own examples do) is taken to mean "complete".
  const finished =
    typeof inner === "object" && inner !== null
      ? {
          result: {
            resultType: "complete",
            ...exposedToolResult(upstream.entry.prefix, inner as CallToolResult),
          },
        }
      : {};
  return { ...task, taskId: handle, ...finished };
}

function subjectOf(extra: DownstreamExtra): string {
  return identityFromAuthInfo(extra.http?.authInfo).subject;
}

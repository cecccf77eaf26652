import { AsyncLocalStorage } from "node:async_hooks";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  McpError,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { Logger, ResourceHub, Tool, ToolContext } from "@tabletop-mcp/kit";
import { CONTEXT_URI } from "./resource-uris.js";

const requestScope = new AsyncLocalStorage<string>();

/**
 * The request id of the tool call being handled (campaign.md §2.7): the call's
 * `_meta.request_id` when it is a string, else the JSON-RPC id as a string.
 *
 * @returns the id, or an empty string outside a tool call
 */
export function currentRequestId(): string {
  return requestScope.getStore() ?? "";
}

/**
 * Serves `tools/call` like the kit does, but inside a scope that knows the call's request id,
 * which the kit's tool context does not carry and every logged event needs.
 *
 * @param server - one MCP session's server, from the kit
 * @param tools - its tools
 * @param hub - the process-wide resource hub
 * @param logger - the process logger
 */
export function serveToolsWithRequestIds(
  server: Server,
  tools: readonly Tool[],
  hub: ResourceHub,
  logger: Logger,
): void {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool: ${request.params.name}; available tools are ${[...byName.keys()].join(", ")}`,
      );
    }
    const meta = request.params._meta;
    const progressToken = meta?.progressToken;
    const context: ToolContext = {
      signal: extra.signal,
      rawArguments: request.params.arguments ?? {},
      sessionId: extra.sessionId,
      logger,
      resourceUpdated: (uri) => hub.updated(uri),
      resourceListChanged: () => hub.listChanged(),
      progress: async (progress, total, message) => {
        if (progressToken === undefined) return;
        await extra.sendNotification({
          method: "notifications/progress",
          params: { progressToken, progress, total, message },
        });
      },
    };
    const metaRequestId = meta?.request_id;
    const requestId = typeof metaRequestId === "string" ? metaRequestId : String(extra.requestId);
    return requestScope.run(requestId, () => tool.call(request.params.arguments, context));
  });
}

/**
 * Keeps subscriptions to `context://current` with the session itself: each session has its
 * own context, so a change must reach only the session that made it, never every subscriber
 * of the URI as the shared hub would. Other URIs go to the hub.
 *
 * @param server - one MCP session's server, from the kit
 * @param hub - the process-wide resource hub
 * @returns announces a change of this session's context to this session, if subscribed
 */
export function serveContextSubscription(server: Server, hub: ResourceHub): () => void {
  let subscribed = false;
  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    if (request.params.uri === CONTEXT_URI) subscribed = true;
    else hub.subscribe(request.params.uri, server);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    if (request.params.uri === CONTEXT_URI) subscribed = false;
    else hub.unsubscribe(request.params.uri, server);
    return {};
  });
  return () => {
    if (subscribed) server.sendResourceUpdated({ uri: CONTEXT_URI }).catch(() => undefined);
  };
}

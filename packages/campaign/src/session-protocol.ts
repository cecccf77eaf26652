import { createHash } from "node:crypto";
import type { Server } from "@modelcontextprotocol/server";
import {
  admitSubscription,
  onRequest,
  type ResourceHub,
  type ToolContext,
} from "@tabletop-mcp/kit";
import { identityFromAuthInfo } from "@tabletop-mcp/kit/auth";
import { CONTEXT_URI } from "./resource-uris.js";

/** The longest request id recorded as sent; a longer one is recorded by its digest. */
export const MOST_REQUEST_ID_CHARACTERS = 200;

/**
 * The request id of a tool call (docs/campaign.md §2.7): the call's `_meta.request_id` when it
 * is a string, else the JSON-RPC id as a string. A `request_id` holding U+0000 counts as no
 * string: PostgreSQL cannot store it, and both stores must record the same. An id longer than
 * {@link MOST_REQUEST_ID_CHARACTERS} is recorded as `sha256:` and its digest in hex, so that a
 * client cannot make every event of a shared log as large as its request.
 *
 * @param call - the call's JSON-RPC id and `_meta`, as the tool context has them
 * @returns the id to record
 */
export function requestIdOf(call: Pick<ToolContext, "requestId" | "meta">): string {
  const metaRequestId = call.meta.request_id;
  const storable = typeof metaRequestId === "string" && !metaRequestId.includes("\u0000");
  const requestId = storable ? metaRequestId : String(call.requestId);
  if (requestId.length <= MOST_REQUEST_ID_CHARACTERS) return requestId;
  return `sha256:${createHash("sha256").update(requestId).digest("hex")}`;
}

/** One session's subscriptions, as {@link serveContextSubscription} keeps them. */
export interface SessionSubscriptions {
  /** Announces a change of this session's context to this session, if subscribed. */
  announceContext(): void;
  /** The URIs this session is subscribed to, `context://current` included. */
  current(): string[];
  /** Makes this session subscribed to exactly these URIs (e.g. as another process left them). */
  replace(uris: readonly string[]): void;
}

/**
 * Keeps subscriptions to `context://current` with the session itself: each session has its
 * own context, so a change must reach only the session that made it, never every subscriber
 * of the URI as the shared hub would. Other URIs go to the hub. Every subscription tells who
 * the session's subject is (a session never changes subject), for the hub's filter; behind a
 * gateway that forwards its callers, the hub keeps each caller's subscriptions apart.
 *
 * @param server - one MCP session's server, from the kit
 * @param hub - the process-wide resource hub
 * @param readUri - reads a request's `uri`, refusing what the server does not serve (the kit's
 *   `subscriptionUriParam`)
 * @param subscriber - told the subject of each subscription
 * @param changed - told of each change of the session's subscriptions, before it is answered
 * @returns the session's subscriptions
 */
export function serveContextSubscription(
  server: Server,
  hub: ResourceHub,
  readUri: (params: Readonly<Record<string, unknown>>) => { uri: string },
  subscriber: (subject: string) => void,
  changed: (uris: string[]) => Promise<void> = async () => {},
): SessionSubscriptions {
  const uris = new Set<string>();
  const add = (uri: string, subject?: string) => {
    admitSubscription(uris, uri);
    if (uri !== CONTEXT_URI) hub.subscribe(uri, server, subject);
    uris.add(uri);
  };
  const remove = (uri: string, subject?: string) => {
    if (uri !== CONTEXT_URI) hub.unsubscribe(uri, server, subject);
    if (uri === CONTEXT_URI || !hub.holds(uri, server)) uris.delete(uri);
  };
  onRequest(server, "resources/subscribe", readUri, async ({ uri }, ctx) => {
    const { subject } = identityFromAuthInfo(ctx.http?.authInfo);
    subscriber(subject);
    add(uri, subject);
    await changed([...uris]);
    return {};
  });
  onRequest(server, "resources/unsubscribe", readUri, async ({ uri }, ctx) => {
    remove(uri, identityFromAuthInfo(ctx.http?.authInfo).subject);
    await changed([...uris]);
    return {};
  });
  return {
    announceContext: () => {
      if (uris.has(CONTEXT_URI)) {
        server.sendResourceUpdated({ uri: CONTEXT_URI }).catch(() => undefined);
      }
    },
    current: () => [...uris],
    replace: (next) => {
      for (const uri of [...uris]) if (!next.includes(uri)) remove(uri);
      for (const uri of next) if (!uris.has(uri)) add(uri);
    },
  };
}

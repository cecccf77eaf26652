import type { JSONRPCMessage, RequestId, Server, Transport } from "@modelcontextprotocol/server";
import { identityFromAuthInfo } from "../auth/identity.js";
import { MAX_SUBSCRIPTIONS } from "../request-params.js";
import type { ListenerRegistration, ListenerSink, ListenerSource } from "../resource-hub.js";

type IncomingHandler = NonNullable<Transport["onmessage"]>;

/**
 * The most listen streams one stdio connection holds: the SDK refuses more (its default), so
 * the URIs of a refused one are never recorded either.
 */
const MAX_STREAMS = 1_024;

/**
 * The 2026-07-28 era's listen streams over stdio (docs/contract.md §9.4). The SDK answers
 * `subscriptions/listen` on a stdio connection itself and delivers each change notification
 * the connection's server sends to the streams whose filter takes it; the server never sees
 * the streams. This watches them pass, to tell the process's listener source (the resource
 * hub, or the gateway's upstreams) which URIs they name, and passes each update it hears to
 * the server, whose router does the rest. List changes the server already hears itself.
 *
 * A listen request goes on to the SDK once the source has taken its URIs, so the stream is
 * acknowledged when it can hear of them.
 *
 * Call after the transport is connected (its `onmessage` set).
 * @returns stops listening (the connection closed)
 */
export function watchStdioListens(
  transport: Transport,
  source: ListenerSource,
  server: () => Server | undefined,
  onerror: (error: Error) => void,
): () => void {
  const deliver = transport.onmessage as IncomingHandler | undefined;
  if (!deliver) throw new Error("watchStdioListens needs a connected transport");
  const streams = new Map<RequestId, readonly string[]>();
  const counts = new Map<string, number>();
  let registration: ListenerRegistration | undefined;
  const sink: ListenerSink = {
    // A stdio connection's caller is the local user.
    subject: identityFromAuthInfo(undefined).subject,
    authInfo: undefined,
    query: new URLSearchParams(),
    resourceUpdated: (uri) => {
      server()
        ?.sendResourceUpdated({ uri })
        .catch(() => {});
    },
    resourcesChanged: () => {},
    toolsChanged: () => {},
    promptsChanged: () => {},
    subscribedUris: () => counts.keys(),
  };
  const changed = async () => {
    try {
      await registration?.urisChanged?.();
    } catch (error) {
      onerror(error instanceof Error ? error : new Error(String(error)));
    }
  };

  transport.onmessage = (message: JSONRPCMessage, extra) => {
    const opened = listenOf(message);
    if (opened) {
      if (opened.uris.length > 0 && !streams.has(opened.id) && streams.size < MAX_STREAMS) {
        registration ??= source.listen(sink);
        streams.set(opened.id, opened.uris);
        for (const uri of opened.uris) counts.set(uri, (counts.get(uri) ?? 0) + 1);
        void changed().then(() => deliver(message, extra));
        return;
      }
    } else {
      const cancelled = cancelledId(message);
      const uris = cancelled === undefined ? undefined : streams.get(cancelled);
      if (cancelled !== undefined && uris) {
        streams.delete(cancelled);
        for (const uri of uris) {
          const left = (counts.get(uri) ?? 1) - 1;
          if (left > 0) counts.set(uri, left);
          else counts.delete(uri);
        }
        void changed();
      }
    }
    deliver(message, extra);
  };
  return () => {
    streams.clear();
    counts.clear();
    registration?.stop();
    registration = undefined;
  };
}

/**
 * A listen request's id and the resources it names (at most as many as a stream may name: the
 * SDK refuses more, and the first {@link MAX_SUBSCRIPTIONS} are enough to know).
 */
function listenOf(message: JSONRPCMessage): { id: RequestId; uris: string[] } | undefined {
  if (!("method" in message) || message.method !== "subscriptions/listen") return undefined;
  if (!("id" in message) || message.id === undefined) return undefined;
  const notifications = (message.params as { notifications?: unknown } | undefined)?.notifications;
  const named = (notifications as { resourceSubscriptions?: unknown } | undefined)
    ?.resourceSubscriptions;
  const uris = Array.isArray(named)
    ? named.slice(0, MAX_SUBSCRIPTIONS).filter((uri): uri is string => typeof uri === "string")
    : [];
  return { id: message.id, uris };
}

/** The request a `notifications/cancelled` names, if it is one. */
function cancelledId(message: JSONRPCMessage): RequestId | undefined {
  if (!("method" in message) || message.method !== "notifications/cancelled") return undefined;
  const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
  return typeof id === "string" || typeof id === "number" ? id : undefined;
}

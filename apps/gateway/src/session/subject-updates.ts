import type { JSONRPCNotification } from "@modelcontextprotocol/server";
import {
  FORWARDED_META_KEYS,
  identityFromAuthInfo,
  SUBJECT_UPDATES_CAPABILITY,
} from "@tabletop-mcp/kit/auth";
import { exposedUri } from "../catalog/names.js";
import type { SessionPeer, Upstream } from "../upstreams/upstream.js";

/** The subject of a session's caller, as a trusted upstream is told it (docs/gateway.md §4.5). */
export function callerSubject(session: SessionPeer): string {
  return identityFromAuthInfo(session.callerAuthInfo()).subject;
}

/**
 * Whether a trusted upstream keeps a shared connection's subscriptions per caller and tags each
 * filtered update with the caller it is for, so that one caller may unsubscribe alone.
 */
export function tellsSubjectsApart(upstream: Upstream): boolean {
  return (
    upstream.entry.trusted === true &&
    upstream.capabilities?.experimental?.[SUBJECT_UPDATES_CAPABILITY] !== undefined
  );
}

/**
 * The sessions through which a shared connection's subscription to one URI is made again on a
 * fresh connection: one per caller for a trusted upstream, which checks and, when it tells
 * callers apart, records each caller's own; one for any other.
 *
 * @param upstream - the upstream connected again
 * @param subscribers - the sessions subscribed to the URI
 * @param fallback - a session to ask through when none is subscribed
 * @returns the sessions to subscribe through
 */
export function resubscribers<Session extends SessionPeer>(
  upstream: Upstream,
  subscribers: ReadonlySet<Session>,
  fallback: Session,
): Session[] {
  const [first = fallback] = subscribers;
  if (!upstream.entry.trusted) return [first];
  const bySubject = new Map<string, Session>();
  for (const session of subscribers) {
    const subject = callerSubject(session);
    if (!bySubject.has(subject)) bySubject.set(subject, session);
  }
  return bySubject.size > 0 ? [...bySubject.values()] : [first];
}

/**
 * A `notifications/resources/updated` as one subscribed session gets it (docs/gateway.md §4.5):
 * from a trusted upstream, an update tagged with `_meta["tabletop/subject"]` is for that
 * caller's sessions alone and reaches them without the tag; any other update reaches every
 * subscribed session as it came.
 *
 * @param upstream - where the update came from
 * @param notification - the update
 * @param session - a session subscribed to its URI through that upstream
 * @returns what to send the session, or `undefined` when the update is not for it
 */
export function updateFor(
  upstream: Upstream,
  notification: JSONRPCNotification,
  session: SessionPeer,
): JSONRPCNotification | undefined {
  const { _meta: meta, ...params } = (notification.params ?? {}) as Record<string, unknown>;
  const tag = (meta as Record<string, unknown> | undefined)?.[FORWARDED_META_KEYS.subject];
  if (!upstream.entry.trusted || typeof tag !== "string") return notification;
  if (tag !== callerSubject(session)) return undefined;
  const { [FORWARDED_META_KEYS.subject]: _tag, ...rest } = meta as Record<string, unknown>;
  const kept = Object.keys(rest).length > 0 ? { ...params, _meta: rest } : params;
  return { ...notification, params: kept };
}

/**
 * An upstream's `notifications/resources/updated` under the URI clients know the resource by:
 * a prefixed upstream's URI exposed (docs/gateway.md §5.1); anything else as it came.
 */
export function exposedUpdate(
  upstream: Upstream,
  notification: JSONRPCNotification,
): JSONRPCNotification {
  const prefix = upstream.entry.prefix;
  const params = notification.params as Record<string, unknown> | undefined;
  if (prefix === undefined || typeof params?.uri !== "string") return notification;
  return { ...notification, params: { ...params, uri: exposedUri(prefix, params.uri) } };
}

import type { JSONRPCNotification } from "@modelcontextprotocol/server";
import { passesLevel, processRedactor, redact } from "@tabletop-mcp/kit";
import type { Upstream } from "../upstreams/upstream.js";
import type { SessionContext } from "./session-context.js";
import { exposedUpdate, updateFor } from "./subject-updates.js";

/**
 * Passes on a notification from the session's own connection to an upstream: log messages
 * (renamed, filtered), updates of resources the session subscribed to through that upstream
 * (those tagged for another caller excepted; under the URI the client subscribed to),
 * list changes of its resources, completed elicitations. Progress travels with its request;
 * the rest is the gateway's business.
 */
export function fromOwnConnection(
  session: SessionContext,
  upstream: Upstream,
  notification: JSONRPCNotification,
): void {
  switch (notification.method) {
    case "notifications/message":
      sendLog(session, upstream, notification);
      return;
    case "notifications/resources/updated": {
      const update = exposedUpdate(upstream, notification);
      const uri = (update.params as { uri?: unknown } | undefined)?.uri;
      if (typeof uri !== "string" || session.subscriptions.get(uri) !== upstream) return;
      const forSession = updateFor(upstream, update, session);
      if (forSession) session.send(forSession);
      return;
    }
    case "notifications/resources/list_changed":
    case "notifications/elicitation/complete":
      session.send(notification);
      return;
    default:
      return;
  }
}

/**
 * Forwards an upstream's log message: its logger becomes `NAME` or `NAME/logger`, its data is
 * redacted, and it is dropped below the level the session asked for.
 */
export function sendLog(
  session: SessionContext,
  upstream: Upstream,
  notification: JSONRPCNotification,
): void {
  const params = (notification.params ?? {}) as { level?: string; logger?: string; data?: unknown };
  if (!passesLevel(params.level ?? "info", session.logLevel)) return;
  const logger = params.logger ? `${upstream.name}/${params.logger}` : upstream.name;
  const data = processRedactor.redactDeep(params.data);
  session.send({ method: "notifications/message", params: { ...params, logger, data } });
}

/** Tells the session of a gateway event (an upstream down, back, a name withheld) as a log message. */
export function gatewayEvent(
  session: SessionContext,
  level: "warning" | "error",
  data: string,
): void {
  if (!passesLevel(level, session.logLevel)) return;
  session.send({
    method: "notifications/message",
    params: { level, logger: "gateway", data: redact(data) },
  });
}

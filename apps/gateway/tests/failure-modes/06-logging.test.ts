// docs/gateway.md §15, item 6: log levels belong to one downstream session; upstream log messages
// reach a session only at or above the level that session asked for, named after their upstream.
import type { LoggingMessageNotification } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  type HttpChild,
  openHttpSession,
  readRecord,
  type Session,
  sleep,
  startRemoteAndSharedFixtures,
  waitFor,
} from "../helpers/gateway.js";

let gateway: HttpChild;
let a: Session;
let b: Session;

beforeAll(async () => {
  ({ gateway } = await startRemoteAndSharedFixtures("fixture"));
  a = await openHttpSession(gateway.url);
  b = await openHttpSession(gateway.url);
  await a.client.setLoggingLevel("debug");
  await b.client.setLoggingLevel("error");
  // Both sessions get their own upstream session at the HTTP fixture.
  await call(a.client, "echo", {});
  await call(b.client, "echo", {});
});

afterAll(cleanupAll);

function logsIn(session: Session, text: string): LoggingMessageNotification["params"][] {
  return session.notifications
    .filter((notification) => notification.method === "notifications/message")
    .map((notification) => notification.params as LoggingMessageNotification["params"])
    .filter((params) => JSON.stringify(params.data).includes(text));
}

describe("session A at debug and session B at error", () => {
  it("deliver an info log of a per-session upstream to A only, named after the upstream", async () => {
    await call(a.client, "log", { level: "info", message: "remote-info-1" });
    await waitFor(() => logsIn(a, "remote-info-1").length > 0, "A to receive the info log");
    await sleep(300);
    expect(logsIn(b, "remote-info-1")).toEqual([]);
    for (const params of logsIn(a, "remote-info-1")) {
      expect(params.level).toBe("info");
      expect(params.logger === "fixture" || params.logger?.startsWith("fixture/")).toBe(true);
    }
  });

  it("forwards A's setLevel to A's own upstream session", async () => {
    const record = await readRecord(a.client);
    const aUpstreamSession = record.tool_calls.at(-1)?.session;
    expect(record.set_level).toContainEqual({ session: aUpstreamSession, level: "debug" });
    expect(record.set_level.filter((entry) => entry.session === aUpstreamSession)).toHaveLength(1);
  });

  it("filters a shared upstream's info log per session, and still delivers errors to B", async () => {
    await call(a.client, "shared__log", { level: "info", message: "shared-info-1" });
    await waitFor(() => logsIn(a, "shared-info-1").length > 0, "A to receive the shared info log");
    await call(a.client, "shared__log", { level: "error", message: "shared-error-1" });
    await waitFor(() => logsIn(b, "shared-error-1").length > 0, "B to receive the shared error");
    await sleep(300);
    expect(logsIn(b, "shared-info-1")).toEqual([]);
    expect(logsIn(a, "shared-info-1")).toHaveLength(1);
    const [info] = logsIn(a, "shared-info-1");
    expect(info?.logger === "shared" || info?.logger?.startsWith("shared/")).toBe(true);

    // The shared child is asked for the most verbose level any session wants.
    const shared = await readRecord(a.client, "shared___record");
    expect(shared.set_level.at(-1)?.level).toBe("debug");
  });
});

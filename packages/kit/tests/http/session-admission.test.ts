import type { Server, Transport } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { admissionRefusal } from "../../src/http/session-admission.js";
import { type HttpSession, type SessionOwner, SessionStore } from "../../src/http/session-store.js";

const LIMITS = { maxSessions: 5, maxSessionsPerClient: 2 };

let next = 0;
function addSession(
  store: SessionStore,
  owner: SessionOwner,
  state: Partial<Pick<HttpSession, "lastSeen" | "used" | "openStreams">> = {},
): HttpSession {
  const session: HttpSession = {
    id: `s${next++}`,
    kind: "streamable",
    server: { close: async () => {} } as unknown as Server,
    transport: {} as Transport,
    gate: { close: () => {} },
    owner,
    lastSeen: 0,
    used: false,
    openStreams: 0,
    ...state,
  };
  store.add(session);
  return session;
}

const store = () => new SessionStore({ idleMs: 3_600_000, unusedIdleMs: 60_000 });

describe("session admission", () => {
  it("refuses a third session from one address with 429, not others", () => {
    const sessions = store();
    addSession(sessions, { address: "10.0.0.1" }, { lastSeen: 1_000 });
    addSession(sessions, { address: "10.0.0.1" }, { lastSeen: 5_000 });
    const refusal = admissionRefusal(sessions, { address: "10.0.0.1" }, LIMITS, 10_000);
    expect(refusal).toMatchObject({ status: 429, message: expect.stringContaining("address (2)") });
    // The older unused session expires first: at 1,000 + 60,000 ms, 51 s after now.
    expect(refusal?.retryAfterSeconds).toBe(51);
    expect(admissionRefusal(sessions, { address: "10.0.0.2" }, LIMITS, 10_000)).toBeUndefined();
  });

  it("counts a subject's sessions across addresses", () => {
    const sessions = store();
    addSession(sessions, { address: "10.0.0.1", subject: "alice" }, { lastSeen: 0, used: true });
    addSession(sessions, { address: "10.0.0.2", subject: "alice" }, { lastSeen: 0, used: true });
    const refusal = admissionRefusal(
      sessions,
      { address: "10.0.0.3", subject: "alice" },
      LIMITS,
      1_000,
    );
    expect(refusal).toMatchObject({ status: 429, message: expect.stringContaining("user (2)") });
    // Used sessions keep the one-hour limit.
    expect(refusal?.retryAfterSeconds).toBe(3_599);
    expect(
      admissionRefusal(sessions, { address: "10.0.0.3", subject: "bob" }, LIMITS, 1_000),
    ).toBeUndefined();
  });

  it("refuses any client with 503 when the process is full", () => {
    const sessions = store();
    for (let index = 0; index < 5; index++) {
      addSession(sessions, { address: `10.0.1.${index}` }, { lastSeen: 2_000, openStreams: 1 });
    }
    const refusal = admissionRefusal(sessions, { address: "10.0.2.1" }, LIMITS, 3_000);
    expect(refusal?.status).toBe(503);
    // Every session holds a stream open, so none expires by itself: the unused limit stands in.
    expect(refusal?.retryAfterSeconds).toBe(60);
  });

  it("expires idle sessions before refusing, instead of waiting for the sweeper", () => {
    const sessions = store();
    addSession(sessions, { address: "10.0.0.1" }, { lastSeen: 0 });
    addSession(sessions, { address: "10.0.0.1" }, { lastSeen: 0 });
    expect(admissionRefusal(sessions, { address: "10.0.0.1" }, LIMITS, 60_000)).toBeUndefined();
    expect(sessions.size).toBe(0);
    expect(sessions.countForAddress("10.0.0.1")).toBe(0);
  });
});

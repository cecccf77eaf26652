// docs/gateway.md §15, item 11: closing a downstream session must close its upstream HTTP session
// too (peers leave them open until the upstream expires them). The builtin-instance and idle-expiry
// parts of item 11 need test hooks inside the gateway and are tested with its own unit tests.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  type HttpChild,
  openHttpSession,
  readRecord,
  startFixtureHttpProcess,
  startGatewayHttp,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";

let remote: HttpChild;
let gateway: HttpChild;

beforeAll(async () => {
  remote = await startFixtureHttpProcess(["--name", "remote"]);
  const config = writeConfig({ mcpServers: { remote: { url: remote.url } } });
  gateway = await startGatewayHttp(["--config", config]);
});

afterAll(cleanupAll);

describe("a downstream DELETE", () => {
  it("makes the gateway DELETE its upstream session, leaving only the catalog session", async () => {
    const observer = await openHttpSession(remote.url);
    const observerId = observer.sessionId();
    const liveBefore = (await readRecord(observer.client)).live_sessions;
    // The gateway's catalog session and this observer.
    expect(liveBefore).toBe(2);

    const downstream = await openHttpSession(gateway.url);
    await call(downstream.client, "echo", { hello: true });
    const upstreamSession = (await readRecord(downstream.client)).tool_calls.at(-1)?.session;
    expect(upstreamSession).toBeDefined();
    expect(upstreamSession).not.toBe(observerId);
    expect((await readRecord(observer.client)).live_sessions).toBe(liveBefore + 1);

    await downstream.close();
    await waitFor(
      async () => (await readRecord(observer.client)).deletes.includes(upstreamSession ?? ""),
      "the fixture to receive DELETE for the upstream session",
    );
    const record = await readRecord(observer.client);
    expect(record.sessions[upstreamSession ?? ""]?.open).toBe(false);
    const open = Object.entries(record.sessions).filter(([, session]) => session.open);
    expect(open.map(([id]) => id)).toContain(observerId);
    expect(record.live_sessions).toBe(liveBefore);
  });
});

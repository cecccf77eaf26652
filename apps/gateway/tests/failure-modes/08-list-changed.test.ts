// docs/gateway.md §15, item 8: an upstream's tools/list_changed must reach every session (peers
// swallow it), once per burst, and the next tools/list must show the new tools.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  fixtureStdio,
  type HttpChild,
  openHttpSession,
  type Session,
  sleep,
  startGatewayHttp,
  toolNames,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";

let gateway: HttpChild;

beforeAll(async () => {
  const config = writeConfig({ mcpServers: { fixture: fixtureStdio() } });
  gateway = await startGatewayHttp(["--config", config]);
});

afterAll(cleanupAll);

const listChangedCount = (session: Session) =>
  session.notifications.filter(
    (notification) => notification.method === "notifications/tools/list_changed",
  ).length;

describe("tools added upstream in a burst", () => {
  it("reach every session as one list_changed, and the next tools/list includes them", async () => {
    const sessions = [
      await openHttpSession(gateway.url),
      await openHttpSession(gateway.url),
      await openHttpSession(gateway.url),
    ];
    const [first] = sessions;
    if (!first) throw new Error("no session");
    // One call makes the fixture announce three list changes back to back.
    const added = await call(first.client, "add_tool", {
      name: "late_a",
      more: ["late_b", "late_c"],
    });
    expect(added.isError).toBeFalsy();

    await waitFor(
      () => sessions.every((session) => listChangedCount(session) >= 1),
      "every session to receive list_changed",
    );
    await sleep(1000);
    expect(sessions.map(listChangedCount)).toEqual([1, 1, 1]);
    for (const session of sessions) {
      expect(await toolNames(session.client)).toEqual(
        expect.arrayContaining(["echo", "late_a", "late_b", "late_c"]),
      );
    }
    const late = await call(sessions[2]?.client ?? first.client, "late_c", { from: "third" });
    expect(late.structuredContent).toMatchObject({ arguments: { from: "third" } });
  });
});

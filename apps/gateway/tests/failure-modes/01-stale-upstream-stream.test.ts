// docs/gateway.md §15, item 1, continued (§9.2: a 404 on the standalone GET stream re-initializes
// too): an HTTP upstream that restarts forgets the sessions whose GET streams carry its list
// changes, resource updates and log messages. Nothing downstream calls anything, so no request
// would reveal the 404; the gateway must notice it on the stream and re-initialize by itself, or
// those notifications stop for good while every call still works.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  directRecord,
  type HttpChild,
  openHttpSession,
  resourceUpdates,
  type Session,
  sleep,
  startFixtureHttpProcess,
  startGatewayHttp,
  toolNames,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";

let fixture: HttpChild;
let gateway: HttpChild;
let subscriber: Session;
let listener: Session;
let toolListChanges = 0;
const uri = "fixture://item/7";

beforeAll(async () => {
  fixture = await startFixtureHttpProcess(["--name", "remote", "--tools", "echo,touch,_record"]);
  const config = writeConfig({ mcpServers: { remote: { url: fixture.url } } });
  gateway = await startGatewayHttp(["--config", config]);
  subscriber = await openHttpSession(gateway.url);
  listener = await openHttpSession(gateway.url);
  listener.client.setNotificationHandler("notifications/tools/list_changed", async () => {
    toolListChanges += 1;
  });
});

afterAll(cleanupAll);

describe("an HTTP upstream restarting while nobody calls it", () => {
  it("is re-initialized from its GET streams: list changes and subscriptions keep working", async () => {
    expect(await toolNames(listener.client)).toEqual(["echo", "touch", "_record"]);
    await subscriber.client.subscribeResource({ uri });
    const oldPid = (await directRecord(fixture.url)).pid;

    await fixture.stop();
    fixture = await startFixtureHttpProcess(
      ["--name", "remote", "--tools", "echo,touch,_record,log"],
      fixture.port,
    );

    // No downstream request from here until the new tool has been announced.
    await waitFor(() => toolListChanges > 0, "tools/list_changed after the restart", 15_000);
    expect(await toolNames(listener.client)).toEqual(["echo", "touch", "_record", "log"]);

    // The subscriber's upstream session was re-initialized and its subscription re-applied,
    // also without a request of its own.
    await waitFor(
      async () =>
        (await directRecord(fixture.url)).subscriptions.some((entry) => entry.uri === uri),
      "the subscription re-applied on the restarted upstream",
      15_000,
    );
    const record = await directRecord(fixture.url);
    expect(record.pid).not.toBe(oldPid);
    // Only this test's own direct reads of the record: nothing was called through the gateway.
    expect(record.tool_calls.filter((entry) => entry.name !== "_record")).toEqual([]);

    // An update made through another session reaches the subscriber.
    const before = resourceUpdates(subscriber, uri);
    const touched = await call(listener.client, "touch", { uri });
    expect(touched.isError).toBeFalsy();
    await waitFor(
      () => resourceUpdates(subscriber, uri) > before,
      "resources/updated after the restart",
    );
  }, 40_000);

  it("comes back on its own after being down longer than the SDK retries its GET stream", async () => {
    const changesBefore = toolListChanges;
    await fixture.stop();
    // The SDK's client gives its GET stream two reconnection tries, 1 s and 1.5 s apart.
    await sleep(4000);
    fixture = await startFixtureHttpProcess(
      ["--name", "remote", "--tools", "echo,touch,_record"],
      fixture.port,
    );

    await waitFor(
      () => toolListChanges > changesBefore,
      "tools/list_changed after the outage",
      20_000,
    );
    expect(await toolNames(listener.client)).toEqual(["echo", "touch", "_record"]);
    await waitFor(
      async () =>
        (await directRecord(fixture.url)).subscriptions.some((entry) => entry.uri === uri),
      "the subscription re-applied after the outage",
      20_000,
    );
    const before = resourceUpdates(subscriber, uri);
    expect((await call(listener.client, "touch", { uri })).isError).toBeFalsy();
    await waitFor(
      () => resourceUpdates(subscriber, uri) > before,
      "resources/updated after the outage",
    );
  }, 60_000);
});

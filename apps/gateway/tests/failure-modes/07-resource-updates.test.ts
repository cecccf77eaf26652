// docs/gateway.md §15, item 7: notifications/resources/updated goes only to sessions subscribed to
// that URI, and a shared upstream subscription lives exactly as long as some session still wants
// it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  type HttpChild,
  openHttpSession,
  readRecord,
  resourceUpdates,
  sleep,
  startRemoteAndSharedFixtures,
  waitFor,
} from "../helpers/gateway.js";

let gateway: HttpChild;

beforeAll(async () => {
  ({ gateway } = await startRemoteAndSharedFixtures("remote"));
});

afterAll(cleanupAll);

describe("resources/updated from a per-session upstream", () => {
  it("reaches only the subscribed session, and nobody after it unsubscribes", async () => {
    const uri = "fixture://item/1";
    const a = await openHttpSession(gateway.url);
    const b = await openHttpSession(gateway.url);
    // B gets its own upstream session too, so the fixture's update reaches B's connection.
    await call(b.client, "echo", {});
    await a.client.subscribeResource({ uri });

    await call(a.client, "touch", { uri });
    await waitFor(() => resourceUpdates(a, uri) === 1, "A to be told about the update");
    await sleep(300);
    expect(resourceUpdates(b, uri)).toBe(0);

    await a.client.unsubscribeResource({ uri });
    await call(a.client, "touch", { uri });
    await call(b.client, "touch", { uri });
    await sleep(500);
    expect(resourceUpdates(a, uri)).toBe(1);
    expect(resourceUpdates(b, uri)).toBe(0);
    await a.close();
    await b.close();
  });
});

describe("a shared stdio upstream", () => {
  it("keeps one upstream subscription while any session holds it, and drops it after the last", async () => {
    // The shared fixture's prefix exposes its shared://item/2 as shared://shared__item/2
    // (docs/gateway.md §5.1): clients use the one, the fixture sees the other.
    const uri = "shared://shared__item/2";
    const own = "shared://item/2";
    const a = await openHttpSession(gateway.url);
    const b = await openHttpSession(gateway.url);
    const observer = await openHttpSession(gateway.url);
    await a.client.subscribeResource({ uri });
    await b.client.subscribeResource({ uri });
    const subscriptionsTo = async () =>
      (await readRecord(observer.client, "shared___record")).subscriptions.filter(
        (entry) => entry.uri === own,
      ).length;
    expect(await subscriptionsTo()).toBe(1);
    const subscribeCalls = (await readRecord(observer.client, "shared___record")).subscribe;
    expect(subscribeCalls.filter((entry) => entry.uri === own)).toHaveLength(1);

    await call(observer.client, "shared__touch", { uri: own });
    await waitFor(
      () => resourceUpdates(a, uri) === 1 && resourceUpdates(b, uri) === 1,
      "A and B updated",
    );
    await sleep(300);
    expect(resourceUpdates(observer, uri)).toBe(0);

    await a.close();
    await sleep(500);
    expect(await subscriptionsTo()).toBe(1);
    await b.close();
    await waitFor(async () => (await subscriptionsTo()) === 0, "the last unsubscribe upstream");
    await observer.close();
  });
});

describe("a session's subscriptions through the gateway", () => {
  it("are at most 1,000, of URIs of at most 2,048 characters, and the session keeps serving", async () => {
    const a = await openHttpSession(gateway.url);
    for (let index = 0; index < 1_000; index++) {
      await a.client.subscribeResource({ uri: `fixture://item/s${index}` });
    }
    // The v2 client's error message is the server's sentence alone, with no `MCP error` prefix.
    await expect(a.client.subscribeResource({ uri: "fixture://item/over" })).rejects.toMatchObject({
      code: -32602,
      message: "a session may be subscribed to at most 1,000 resources; unsubscribe from one first",
      data: { max_subscriptions: 1_000 },
    });
    await a.client.unsubscribeResource({ uri: "fixture://item/s0" });
    const long = `fixture://item/${"i".repeat(2_034)}`;
    await expect(a.client.subscribeResource({ uri: long })).rejects.toMatchObject({
      code: -32602,
      message: "params.uri must be at most 2,048 characters; this one has 2,049",
    });
    await a.client.subscribeResource({ uri: "fixture://item/over" });
    await call(a.client, "touch", { uri: "fixture://item/over" });
    await waitFor(() => resourceUpdates(a, "fixture://item/over") === 1, "A to hear of its update");
    await a.close();
  });
});

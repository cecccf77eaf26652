import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { declareForwardedIdentity, takeForwardedIdentity } from "../src/auth/forwarded-identity.js";
import { createKitServer, defineResource, ResourceHub, type UpdateFilter } from "../src/index.js";
import { MAX_SUBJECTS_PER_URI } from "../src/subject-subscriptions.js";

const NOTES = ["note://a", "note://b", "note://c"];

/** A server with the three note resources on a shared hub, restricted by `filter` if given. */
function notesServer(hub: ResourceHub, filter?: UpdateFilter) {
  const server = createKitServer(
    {
      name: "hub-test",
      version: "1.0.0",
      tools: [],
      resources: NOTES.map((uri) =>
        defineResource({
          uri,
          name: uri,
          description: uri,
          mimeType: "text/plain",
          read: () => ({ text: uri }),
        }),
      ),
    },
    { hub },
  );
  if (filter) hub.restrict(server, filter);
  return server;
}

/** A session of a server with three resources, subscribed to all, on a shared hub. */
async function subscribedSession(hub: ResourceHub, filter?: UpdateFilter) {
  const server = notesServer(hub, filter);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "hub-test", version: "1.0.0" });
  await client.connect(clientSide);
  const heard: string[] = [];
  client.setNotificationHandler("notifications/resources/updated", (notification) => {
    heard.push(notification.params.uri);
  });
  for (const uri of NOTES) await client.subscribeResource({ uri });
  return { client, heard };
}

async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("ResourceHub filters", () => {
  it("deliver to each session only the updates its filter admits, given their audience", async () => {
    const hub = new ResourceHub();
    const asked: [string, string | undefined][] = [];
    const open = await subscribedSession(hub);
    const restricted = await subscribedSession(hub, (uri, audience) => {
      asked.push([uri, audience]);
      return audience === "everyone";
    });

    hub.updated("note://a", "gm");
    hub.updated("note://b", "everyone");
    hub.updated("note://c");
    await waitFor(() => open.heard.length === 3 && asked.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(open.heard).toEqual(NOTES);
    expect(restricted.heard).toEqual(["note://b"]);
    expect(asked).toEqual([
      ["note://a", "gm"],
      ["note://b", "everyone"],
      ["note://c", undefined],
    ]);
  });

  it("keep a session's updates in announcement order when the filter answers late", async () => {
    const hub = new ResourceHub();
    const delays: Record<string, number> = { "note://a": 40, "note://b": 0, "note://c": 10 };
    const session = await subscribedSession(
      hub,
      (uri) => new Promise((resolve) => setTimeout(() => resolve(true), delays[uri] ?? 0)),
    );

    for (const uri of NOTES) hub.updated(uri);
    await waitFor(() => session.heard.length === 3);

    expect(session.heard).toEqual(NOTES);
  });

  it("count a filter that fails as a no, and go on delivering", async () => {
    const hub = new ResourceHub();
    const session = await subscribedSession(hub, async (uri) => {
      if (uri === "note://a") throw new Error("the check failed");
      return true;
    });

    for (const uri of NOTES) hub.updated(uri);
    await waitFor(() => session.heard.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(session.heard).toEqual(["note://b", "note://c"]);
  });
});

describe("ResourceHub subscriptions", () => {
  it("lists the URIs some session holds, and forgets a detached session's", async () => {
    const hub = new ResourceHub();
    const first = await subscribedSession(hub);
    await subscribedSession(hub);
    await first.client.unsubscribeResource({ uri: "note://a" });
    expect(hub.subscribedUris().sort()).toEqual(NOTES);

    const lone = new ResourceHub();
    const only = await subscribedSession(lone);
    await only.client.unsubscribeResource({ uri: "note://b" });
    expect(lone.subscribedUris().sort()).toEqual(["note://a", "note://c"]);
    await only.client.close();
    await waitFor(() => lone.subscribedUris().length === 0);
  });
});

/** Subscribes as a caller a gateway forwards, over a connection the gateway shares. */
function subscribeAs(client: Client, uri: string, subject: string) {
  return client.subscribeResource({ uri, _meta: { "tabletop/subject": subject } });
}

/** One connection of a gateway to a server whose hub tells the gateway's callers apart. */
async function sharedConnection(hub: ResourceHub, filter?: UpdateFilter) {
  const server = notesServer(hub, filter);
  declareForwardedIdentity(server);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  takeForwardedIdentity(() => server, serverSide);
  const client = new Client({ name: "gateway", version: "1.0.0" });
  await client.connect(clientSide);
  const heard: [string, unknown][] = [];
  client.setNotificationHandler("notifications/resources/updated", ({ params }) => {
    heard.push([params.uri, params._meta?.["tabletop/subject"]]);
  });
  return { client, heard };
}

describe("ResourceHub with forwarded subjects", () => {
  const gmOnly: UpdateFilter = (_uri, audience, subject) =>
    subject === "alice" || audience !== "gm";

  it("sends one update per admitted caller, tagged with its subject, in announcement order", async () => {
    const hub = new ResourceHub({ forwardedSubjects: true });
    const asked: (string | undefined)[] = [];
    const shared = await sharedConnection(hub, (uri, audience, subject) => {
      asked.push(subject);
      return gmOnly(uri, audience, subject);
    });
    await subscribeAs(shared.client, "note://a", "bob");
    await subscribeAs(shared.client, "note://a", "alice");

    hub.updated("note://a", "gm");
    hub.updated("note://a", "everyone");
    await waitFor(() => shared.heard.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(shared.heard).toEqual([
      ["note://a", "alice"],
      ["note://a", "bob"],
      ["note://a", "alice"],
    ]);
    expect(asked.sort()).toEqual(["alice", "alice", "bob", "bob"]);
  });

  it("ends one caller's subscription and keeps the others'", async () => {
    const hub = new ResourceHub({ forwardedSubjects: true });
    const shared = await sharedConnection(hub, gmOnly);
    await subscribeAs(shared.client, "note://b", "alice");
    await subscribeAs(shared.client, "note://b", "bob");

    await shared.client.unsubscribeResource({
      uri: "note://b",
      _meta: { "tabletop/subject": "alice" },
    });
    hub.updated("note://b", "everyone");
    await waitFor(() => shared.heard.length === 1);
    expect(shared.heard).toEqual([["note://b", "bob"]]);
    expect(hub.subscribedUris()).toEqual(["note://b"]);

    await shared.client.unsubscribeResource({
      uri: "note://b",
      _meta: { "tabletop/subject": "bob" },
    });
    expect(hub.subscribedUris()).toEqual([]);
  });

  it("sends one untagged update when the server filters nothing", async () => {
    const hub = new ResourceHub({ forwardedSubjects: true });
    const shared = await sharedConnection(hub);
    await subscribeAs(shared.client, "note://c", "alice");
    await subscribeAs(shared.client, "note://c", "bob");

    hub.updated("note://c", "gm");
    await waitFor(() => shared.heard.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(shared.heard).toEqual([["note://c", undefined]]);
  });

  it(`refuses caller ${MAX_SUBJECTS_PER_URI + 1} of one URI, and admits another URI`, async () => {
    const hub = new ResourceHub({ forwardedSubjects: true });
    const shared = await sharedConnection(hub, gmOnly);
    for (let index = 0; index < MAX_SUBJECTS_PER_URI; index++) {
      await subscribeAs(shared.client, "note://a", `user-${index}`);
    }

    await expect(subscribeAs(shared.client, "note://a", "one-too-many")).rejects.toThrow(
      "at most 1,000 callers may be subscribed to one resource over one connection",
    );
    await expect(subscribeAs(shared.client, "note://a", "user-0")).resolves.toBeDefined();
    await expect(subscribeAs(shared.client, "note://b", "one-too-many")).resolves.toBeDefined();
  });
});

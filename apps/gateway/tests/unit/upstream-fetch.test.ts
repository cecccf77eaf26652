// The HTTP upstream's fetch: one connection-wide abort signal must not gather a listener per
// request (undici removes its own only at garbage collection), and aborting it must still stop
// a request in flight, streaming bodies included; and the watch on the standalone GET stream,
// which tells a forgotten session. Against a real local HTTP server.
import { getEventListeners } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolatedAbortFetch, watchStandaloneStream } from "../../src/upstreams/upstream-fetch.js";

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? "/";
    if (path === "/json") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ ok: true, path }));
    } else if (path === "/accepted") {
      response.writeHead(202);
      response.end();
    } else if (path === "/events") {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write("event: message\ndata: one\n\n");
      setTimeout(() => response.end("event: message\ndata: two\n\n"), 5);
    } else if (path === "/endless") {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write("data: first\n\n");
    } else if (path === "/no-get") {
      response.writeHead(405, { allow: "POST" });
      response.end();
    } else if (path === "/moved") {
      response.writeHead(307, { location: "/json" });
      response.end();
    } else {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("no such path");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const listeners = (signal: AbortSignal) => getEventListeners(signal, "abort").length;

describe("isolatedAbortFetch", () => {
  it("leaves no listener on the shared signal once each body is read or cancelled", async () => {
    const shared = new AbortController();
    const isolated = isolatedAbortFetch();
    let most = 0;
    for (let round = 0; round < 60; round++) {
      const json = await isolated(`${base}/json`, { signal: shared.signal });
      expect(await json.json()).toEqual({ ok: true, path: "/json" });
      most = Math.max(most, listeners(shared.signal));

      const accepted = await isolated(`${base}/accepted`, {
        method: "POST",
        signal: shared.signal,
      });
      expect(accepted.status).toBe(202);
      await accepted.body?.cancel();
      most = Math.max(most, listeners(shared.signal));

      const events = await isolated(`${base}/events`, { signal: shared.signal });
      expect(events.headers.get("content-type")).toBe("text/event-stream");
      expect(await events.text()).toBe(
        "event: message\ndata: one\n\nevent: message\ndata: two\n\n",
      );
      most = Math.max(most, listeners(shared.signal));

      const missing = await isolated(`${base}/missing`, { signal: shared.signal });
      expect([missing.status, await missing.text()]).toEqual([404, "no such path"]);
      most = Math.max(most, listeners(shared.signal));
    }
    expect(most).toBe(0);
  });

  it("is what makes the difference: the plain fetch leaves listeners on the shared signal", async () => {
    const shared = new AbortController();
    for (let round = 0; round < 20; round++) {
      const json = await fetch(`${base}/json`, { signal: shared.signal });
      await json.json();
    }
    expect(listeners(shared.signal)).toBeGreaterThan(0);
  });

  it("holds one listener while a streaming body is open, and an abort stops the stream", async () => {
    const shared = new AbortController();
    const response = await isolatedAbortFetch()(`${base}/endless`, { signal: shared.signal });
    const reader = response.body?.getReader();
    if (!reader) throw new Error("no body");
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("data: first\n\n");
    expect(listeners(shared.signal)).toBe(1);
    const pending = reader.read();
    shared.abort(new Error("connection closed"));
    await expect(pending).rejects.toThrow();
    expect(listeners(shared.signal)).toBe(0);
  });

  it("rejects at once for a signal already aborted, and passes manual redirects through", async () => {
    const shared = new AbortController();
    shared.abort();
    await expect(isolatedAbortFetch()(`${base}/json`, { signal: shared.signal })).rejects.toThrow();

    const live = new AbortController();
    const moved = await isolatedAbortFetch()(`${base}/moved`, {
      redirect: "manual",
      signal: live.signal,
    });
    expect([moved.status, moved.headers.get("location")]).toEqual([307, "/json"]);
    // Held until the body is settled, as the SDK does for a redirect it does not follow.
    expect(listeners(live.signal)).toBe(1);
    await moved.body?.cancel();
    expect(listeners(live.signal)).toBe(0);
  });

  it("releases the listener when the request itself fails", async () => {
    const shared = new AbortController();
    const closed = `http://127.0.0.1:${(server.address() as AddressInfo).port + 1}`;
    await expect(
      isolatedAbortFetch()(`${closed}/json`, { signal: shared.signal }),
    ).rejects.toThrow();
    expect(listeners(shared.signal)).toBe(0);
  });
});

describe("watchStandaloneStream", () => {
  /** A fetch answering GETs from `paths` in turn, and what the watch reported. */
  function watched(paths: string[]) {
    const events: string[] = [];
    const watch = watchStandaloneStream(
      (_url, init) => fetch(`${base}${paths.shift() ?? "/missing"}`, init),
      {
        notFound: () => events.push("notFound"),
        unreachable: () => events.push("unreachable"),
        opened: () => events.push("opened"),
      },
    );
    const get = async () => (await watch(`${base}/mcp`, { method: "GET" })).body?.cancel();
    return { events, get };
  }

  it("takes a 404 for a forgotten session", async () => {
    const { events, get } = watched(["/missing"]);
    await get();
    expect(events).toEqual(["notFound"]);
  });

  it("takes a 405 for one only once a GET had been served: the upstream changed era", async () => {
    const never = watched(["/no-get", "/no-get"]);
    await never.get();
    await never.get();
    expect(never.events).toEqual([]);

    const changed = watched(["/events", "/no-get"]);
    await changed.get();
    await changed.get();
    expect(changed.events).toEqual(["opened", "notFound"]);
  });
});

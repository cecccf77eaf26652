// One downstream session's link to an HTTP upstream, watching its GET stream (docs/gateway.md
// §9.2). A forgotten session is dropped without being closed, so its transport keeps retrying its
// GET for a few seconds; those retries must not be taken for the state of the session that
// replaced it. The order of events here is the one a second outage soon after a restart
// produces, which real processes hit only by chance: the stale retry fails first, then the
// current stream. Fake connections stand in for the SDK's, fake timers for the 3 s re-check.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type HttpLinkHost, HttpSessionLink } from "../../src/upstreams/http-session-link.js";
import type { SessionPeer, Upstream } from "../../src/upstreams/upstream.js";
import type { UpstreamConnection } from "../../src/upstreams/upstream-connection.js";
import type { StandaloneStreamEvents } from "../../src/upstreams/upstream-fetch.js";

interface FakeUpstream {
  name: string;
  serving: boolean;
}

/** A host whose every `open` succeeds with a fake client, keeping each session's stream events. */
function fakeHost(upstream: FakeUpstream) {
  const streams: StandaloneStreamEvents[] = [];
  const host: HttpLinkHost = {
    upstream: {
      name: upstream.name,
      isServing: () => upstream.serving,
      whenReady: async () => {},
      unavailable: () => new Error("unavailable"),
    } as unknown as Upstream,
    logger: { debug() {}, info() {}, warn() {}, error() {} } as unknown as HttpLinkHost["logger"],
    open: async (_identity, _events, stream) => {
      streams.push(stream);
      return {
        request: async () => ({}),
        notification: async () => {},
        close: async () => {},
      } as unknown as UpstreamConnection;
    },
    end: async () => {},
    failure: (error) => error,
    sessionOpened() {},
    sessionDropped() {},
    isClosing: () => false,
  };
  return { host, streams };
}

const peer = {
  clientInfo: { name: "test-client", version: "1.0.0" },
  clientCapabilities: {},
  fromUpstream() {},
  upstreamRequest: async () => ({}),
} as unknown as SessionPeer;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("an HTTP session link's GET stream", () => {
  it("re-initializes a session whose stream failed once the upstream serves again", async () => {
    const upstream = { name: "remote", serving: false };
    const { host, streams } = fakeHost(upstream);
    const link = new HttpSessionLink(host, peer, undefined);
    await link.request({ method: "ping" }, {});
    streams[0]?.opened?.();

    streams[0]?.unreachable();
    await vi.advanceTimersByTimeAsync(3000);
    expect(streams).toHaveLength(1);

    upstream.serving = true;
    await vi.advanceTimersByTimeAsync(3000);
    expect(streams).toHaveLength(2);
    await link.close();
  });

  it("is not misled by the failing GET retries of a session it already replaced", async () => {
    const upstream = { name: "remote", serving: true };
    const { host, streams } = fakeHost(upstream);
    const link = new HttpSessionLink(host, peer, undefined);
    await link.request({ method: "ping" }, {});
    streams[0]?.opened?.();

    // The upstream restarted: the GET of the first session gets 404 and a second one is opened.
    streams[0]?.notFound();
    await vi.advanceTimersByTimeAsync(0);
    expect(streams).toHaveLength(2);
    streams[1]?.opened?.();

    // It goes down again: the first session's transport, still retrying, fails first.
    upstream.serving = false;
    streams[0]?.unreachable();
    streams[1]?.unreachable();
    await vi.advanceTimersByTimeAsync(3000);
    expect(streams).toHaveLength(2);

    // Back: the second session's stream is gone for good, so a third session replaces it.
    upstream.serving = true;
    await vi.advanceTimersByTimeAsync(3000);
    expect(streams).toHaveLength(3);
    await link.close();
  });
});

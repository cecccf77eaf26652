// The fetch the gateway gives the SDK's Streamable HTTP client for an upstream: each request with
// its own abort signal, and the standalone GET stream watched for a forgotten session.
import type { FetchLike } from "@modelcontextprotocol/server";

/** Statuses whose responses never carry a body. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` for the SDK's Streamable HTTP client transport that gives every request its own
 * abort signal.
 *
 * The transport hands one connection-wide signal to every `fetch`. Node's fetch (undici) adds an
 * abort listener to that signal per request and removes it only once the request object is
 * garbage-collected, so a busy upstream connection gathers thousands of listeners between
 * collections (Node warns past 1,500). Here the connection's signal holds one listener per
 * request still in flight: it forwards an abort to the request's own signal, and it is removed
 * as soon as the response body has been read to the end, cancelled or has failed.
 *
 * @param base - the fetch to wrap (the global one by default)
 * @returns a fetch with the same behaviour, abort included
 */
export function isolatedAbortFetch(base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const parent = init?.signal;
    if (!parent || parent.aborted) return base(url, init);
    const own = new AbortController();
    const forward = () => own.abort(parent.reason);
    parent.addEventListener("abort", forward, { once: true });
    const release = () => parent.removeEventListener("abort", forward);
    let response: Response;
    try {
      response = await base(url, { ...init, signal: own.signal });
    } catch (error) {
      release();
      throw error;
    }
    if (response.body === null || NULL_BODY_STATUSES.has(response.status)) {
      release();
      return response;
    }
    return new Response(releasingWhenDone(response.body, release), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** The same bytes as `body`; `release` runs once they end, fail or are cancelled. */
function releasingWhenDone(
  body: ReadableStream<Uint8Array>,
  release: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        release();
        controller.error(error);
        return;
      }
      if (chunk.done) {
        release();
        controller.close();
      } else controller.enqueue(chunk.value);
    },
    cancel(reason) {
      release();
      return reader.cancel(reason);
    },
  });
}

/** What {@link watchStandaloneStream} reports about the GET stream of a connection. */
export interface StandaloneStreamEvents {
  /**
   * The upstream no longer knows the session: it answered the GET with 404, or with 405 after
   * it had served one (it came back in the 2026-07-28 era, which has no sessions).
   */
  notFound(): void;
  /** The GET could not reach the upstream at all. */
  unreachable(): void;
  /** The GET was answered with a stream. */
  opened?(): void;
}

/**
 * Reports what happens to the standalone GET stream, which the SDK's client transport opens
 * and reopens by itself, out of sight of any request: docs/gateway.md §9.2 treats a 404 there as a
 * forgotten session, like a 404 on a request, and so is a 405 once a GET had been served
 * (docs/gateway.md §4.6).
 *
 * @param base - the fetch to wrap
 * @param events - called on a 404 answer, a failure to connect and a stream opened, for GETs only
 * @returns the same fetch, watched
 */
export function watchStandaloneStream(base: FetchLike, events: StandaloneStreamEvents): FetchLike {
  let served = false;
  return async (url, init) => {
    const isGet = (init?.method ?? "GET").toUpperCase() === "GET";
    if (!isGet) return base(url, init);
    let response: Response;
    try {
      response = await base(url, init);
    } catch (error) {
      if (!init?.signal?.aborted) events.unreachable();
      throw error;
    }
    if (response.status === 404 || (response.status === 405 && served)) events.notFound();
    else if (response.ok) {
      served = true;
      events.opened?.();
    }
    return response;
  };
}

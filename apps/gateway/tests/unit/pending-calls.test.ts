// docs/gateway.md §7.6: the calls of 2026-07-28 clients held open across their rounds, as the
// registry keeps them: what waits for the client, the answers, the expiry and the caps.
import type { JSONRPCRequest, Result } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  MAX_WAITING_CALLS_PER_CALLER,
  type PendingCall,
  PendingCalls,
} from "../../src/session/pending-call.js";
import type { Upstream } from "../../src/upstreams/upstream.js";

const UPSTREAM = { name: "old" } as Upstream;
const ELICIT: JSONRPCRequest = {
  jsonrpc: "2.0",
  id: 1,
  method: "elicitation/create",
  params: { message: "Who?" },
};

/** A call whose upstream side the test drives: it answers when `finish` is called. */
function startCall(calls: PendingCalls, owner: unknown) {
  let finish: (result: Result) => void = () => {};
  let signal: AbortSignal | undefined;
  const call = calls.start(UPSTREAM, owner, (given) => {
    signal = given;
    return new Promise<Result>((resolve) => {
      finish = resolve;
    });
  });
  return { call, finish: (result: Result) => finish(result), upstreamSignal: () => signal };
}

const live = () => new AbortController().signal;

afterEach(() => {
  vi.useRealTimers();
});

describe("a call held open for a 2026-07-28 client", () => {
  it("asks for what the upstream requested, gives it the answer, then answers the call", async () => {
    const calls = new PendingCalls();
    const { call, finish } = startCall(calls, "alice");
    const answered = call.ask(ELICIT, live());
    const step = await call.next(live());
    expect(step).toEqual({
      kind: "ask",
      requests: {
        elicitation_create_1: { method: "elicitation/create", params: { message: "Who?" } },
      },
    });
    expect(call.answer({})).toEqual(["elicitation_create_1"]);
    expect(call.answer({ elicitation_create_1: { action: "decline" } })).toEqual([]);
    expect(await answered).toEqual({ action: "decline" });
    const done = call.next(live());
    finish({ content: [] });
    expect(await done).toEqual({ kind: "done", result: { content: [] } });
    expect(calls.get(call.id)).toBeUndefined();
  });

  it("is cancelled upstream when the client does not come back within ten minutes", async () => {
    vi.useFakeTimers();
    const calls = new PendingCalls();
    const { call, upstreamSignal } = startCall(calls, "alice");
    const asked = call.ask(ELICIT, live());
    asked.catch(() => {});
    await vi.advanceTimersByTimeAsync(1);
    expect((await call.next(live())).kind).toBe("ask");
    await vi.advanceTimersByTimeAsync(599_000);
    expect(calls.get(call.id)).toBe(call);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls.get(call.id)).toBeUndefined();
    expect(upstreamSignal()?.aborted).toBe(true);
    await expect(asked).rejects.toThrow("did not answer in time");
  });

  it("is cancelled upstream when the client's waiting request is", async () => {
    const calls = new PendingCalls();
    const { call, upstreamSignal } = startCall(calls, "alice");
    const client = new AbortController();
    const step = call.next(client.signal);
    client.abort();
    expect((await step).kind).toBe("failed");
    expect(upstreamSignal()?.aborted).toBe(true);
    expect(calls.get(call.id)).toBeUndefined();
  });
});

describe("the calls that wait for their client", () => {
  it(`are at most ${MAX_WAITING_CALLS_PER_CALLER} of one caller; other callers still may`, async () => {
    const calls = new PendingCalls();
    const waiting: PendingCall[] = [];
    for (let index = 0; index < MAX_WAITING_CALLS_PER_CALLER; index++) {
      const { call } = startCall(calls, "alice");
      void call.ask(ELICIT, live()).catch(() => {});
      expect(calls.mayWait(call)).toBe(true);
      await call.next(live());
      waiting.push(call);
    }
    const { call: one } = startCall(calls, "alice");
    void one.ask(ELICIT, live()).catch(() => {});
    await one.next(live());
    expect(calls.mayWait(one)).toBe(false);
    const { call: bobs } = startCall(calls, "bob");
    void bobs.ask(ELICIT, live()).catch(() => {});
    await bobs.next(live());
    expect(calls.mayWait(bobs)).toBe(true);
    // One of Alice's answered and running again: hers may wait once more.
    waiting[0]?.answer({ elicitation_create_1: { action: "decline" } });
    void waiting[0]?.next(live());
    expect(calls.mayWait(one)).toBe(true);
    calls.endAll("test over");
  });
});

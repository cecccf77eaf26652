import { describe, expect, it } from "vitest";
import { type Clock, SpacingLimiter } from "../../src/runtime/rate-limiter.js";

/** A clock driven by hand: timers fire when `advance` passes their due time. */
function manualClock() {
  let time = 0;
  const timers = new Map<number, { due: number; callback: () => void }>();
  let nextId = 1;
  const clock: Clock = {
    now: () => time,
    setTimeout: (callback, ms) => {
      const id = nextId++;
      timers.set(id, { due: time + ms, callback });
      return id;
    },
    clearTimeout: (handle) => {
      timers.delete(handle as number);
    },
  };
  const advance = (ms: number) => {
    const target = time + ms;
    for (;;) {
      const due = [...timers.entries()]
        .filter(([, timer]) => timer.due <= target)
        .sort((a, b) => a[1].due - b[1].due);
      const first = due[0];
      if (!first) break;
      time = first[1].due;
      timers.delete(first[0]);
      first[1].callback();
    }
    time = target;
  };
  return { clock, advance, now: () => time };
}

describe("SpacingLimiter", () => {
  it("starts three calls that arrive together at 0, 200 and 400 ms", () => {
    const { clock, advance, now } = manualClock();
    const limiter = new SpacingLimiter(200, 32, clock);
    const starts: number[] = [];
    for (let index = 0; index < 3; index++) {
      const decision = limiter.schedule(() => starts.push(now()));
      if (decision.kind === "run") starts.push(now());
    }
    advance(1000);
    expect(starts).toEqual([0, 200, 400]);
  });

  it("queues 32 waiters and rejects the 34th call with the time until the first waiter starts", () => {
    const { clock } = manualClock();
    const limiter = new SpacingLimiter(200, 32, clock);
    const decisions = Array.from({ length: 34 }, () => limiter.schedule(() => {}));
    expect(decisions[0]).toEqual({ kind: "run" });
    expect(decisions.slice(1, 33).every((decision) => decision.kind === "wait")).toBe(true);
    expect(decisions[33]).toEqual({ kind: "rejected", retryAfterMs: 200 });
  });

  it("keeps the spacing for calls that arrive after an idle gap", () => {
    const { clock, advance, now } = manualClock();
    const limiter = new SpacingLimiter(200, 32, clock);
    limiter.schedule(() => {});
    advance(150);
    const starts: number[] = [];
    limiter.schedule(() => starts.push(now()));
    advance(500);
    expect(starts).toEqual([200]);
    advance(1000);
    expect(limiter.schedule(() => {})).toEqual({ kind: "run" });
  });

  it("drops a cancelled waiter without running it and does not give its slot back", () => {
    const { clock, advance, now } = manualClock();
    const limiter = new SpacingLimiter(100, 32, clock);
    const ran: string[] = [];
    limiter.schedule(() => {});
    const second = limiter.schedule(() => ran.push("second"));
    limiter.schedule(() => ran.push(`third at ${now()}`));
    if (second.kind !== "wait") throw new Error("expected the second call to wait");
    expect(limiter.cancel(second.ticket)).toBe(true);
    advance(500);
    expect(ran).toEqual(["third at 200"]);
  });

  it("lets every call run at once when the spacing is zero", () => {
    const { clock } = manualClock();
    const limiter = new SpacingLimiter(0, 32, clock);
    const kinds = Array.from({ length: 50 }, () => limiter.schedule(() => {}).kind);
    expect(new Set(kinds)).toEqual(new Set(["run"]));
  });

  it("drops every waiter when cleared", () => {
    const { clock, advance } = manualClock();
    const limiter = new SpacingLimiter(100, 32, clock);
    let ran = 0;
    for (let index = 0; index < 5; index++) limiter.schedule(() => ran++);
    limiter.clear();
    advance(1000);
    expect(ran).toBe(0);
    expect(limiter.waitingCount).toBe(0);
  });
});

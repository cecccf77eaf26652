import { describe, expect, it } from "vitest";
import { StateHistory } from "../../src/status/state-history.js";

function change(second: number) {
  const at = new Date(Date.UTC(2026, 0, 1, 12, 0, second)).toISOString();
  return { at, from: "ready" as const, to: "restarting" as const, error: `lost ${second}` };
}

describe("the state history of upstreams", () => {
  it("keeps the last 20 changes of each upstream, oldest first", () => {
    const history = new StateHistory();
    for (let second = 0; second < 25; second++) history.record("a", change(second));
    history.record("b", change(59));
    const kept = history.of("a");
    expect(kept).toHaveLength(20);
    expect(kept[0]).toEqual(change(5));
    expect(kept[19]).toEqual(change(24));
    expect(history.of("b")).toEqual([change(59)]);
    expect(history.of("c")).toEqual([]);
  });
});

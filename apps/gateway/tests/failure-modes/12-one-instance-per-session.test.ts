// docs/gateway.md §15, item 12: the SDK refuses to connect one server instance to a second
// transport; a gateway that shares one builtin instance fails its second session with "Already
// connected" and shares per-session state such as rate limits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  fetchHealth,
  type HttpChild,
  openHttpSession,
  startGatewayHttp,
  upstreamOf,
  writeConfig,
} from "../helpers/gateway.js";

/** Long enough that one session waiting on another is unmistakable on a loaded machine. */
const RATE_LIMIT_MS = 3000;

let gateway: HttpChild;

beforeAll(async () => {
  const config = writeConfig({
    mcpServers: { dice: { builtin: "dice", rate_limit_ms: RATE_LIMIT_MS } },
  });
  gateway = await startGatewayHttp(["--config", config]);
});

afterAll(cleanupAll);

const roll = { dice_count: 2, dice_sides: 6 };

describe("20 concurrent HTTP sessions", () => {
  it("each initialize and roll on their own dice instance", async () => {
    const sessions = await Promise.all(
      Array.from({ length: 20 }, () => openHttpSession(gateway.url)),
    );
    const results = await Promise.all(
      sessions.map((session) => call(session.client, "roll_dice", roll)),
    );
    for (const result of results) {
      expect(result.isError, JSON.stringify(result)).toBeFalsy();
      expect(JSON.stringify(result)).not.toContain("Already connected");
    }
    const dice = upstreamOf(await fetchHealth(gateway.origin), "dice");
    expect(dice.connections).toBeGreaterThanOrEqual(20);
    await Promise.all(sessions.map((session) => session.close()));
  });
});

describe("dice rate_limit_ms per session", () => {
  it("lets two sessions calling at once both finish without waiting on each other", async () => {
    const x = await openHttpSession(gateway.url);
    const y = await openHttpSession(gateway.url);
    const started = performance.now();
    const finished = (promise: Promise<unknown>) => promise.then(() => performance.now() - started);
    const [x1, y1, x2] = await Promise.all([
      finished(call(x.client, "roll_dice", roll)),
      finished(call(y.client, "roll_dice", roll)),
      finished(call(x.client, "roll_dice", roll)),
    ]);
    // Each session's first call goes at once; only x's own second call waits its spacing.
    expect(Math.min(x1, x2)).toBeLessThan(RATE_LIMIT_MS - 500);
    expect(y1).toBeLessThan(RATE_LIMIT_MS - 500);
    expect(Math.max(x1, x2)).toBeGreaterThanOrEqual(RATE_LIMIT_MS - 500);
    await x.close();
    await y.close();
  });
});

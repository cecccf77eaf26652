import { type HttpProcess, startHttpCommand } from "@tabletop-mcp/kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { initializeFrom, sessionFrom, watchProcess } from "./support/hostile-clients.js";
import { MCP_HEADERS, messagesOf, type RawResponse, rawHttp } from "./support/raw-http.js";
import { commandPath } from "./support/servers.js";

const DICE = commandPath("packages/dice/dist/cli.js");
const FLOOD = 1_200;
/**
 * The flood must be over before the first 50 sessions expire, or new ones are rightly admitted in
 * their place: 1,200 initialize calls took 2 s on a loaded 2-core machine and 6 s beside the rest
 * of the suite.
 */
const UNUSED_IDLE_MS = 15_000;

let server: HttpProcess | undefined;
afterEach(async () => {
  await server?.stop();
});

async function sessionCount(url: string): Promise<number> {
  const health = await rawHttp(url, { method: "GET", path: "/mcp/health" });
  return (JSON.parse(health.body) as { sessions: number }).sessions;
}

/** `count` initialize calls, `parallel` at a time, from `localAddress`. */
async function flood(url: string, count: number, parallel: number, localAddress?: string) {
  const answers: RawResponse[] = [];
  for (let sent = 0; sent < count; sent += parallel) {
    const batch = Math.min(parallel, count - sent);
    answers.push(
      ...(await Promise.all(
        Array.from({ length: batch }, () => initializeFrom(url, localAddress)),
      )),
    );
  }
  return answers;
}

function byStatus(answers: RawResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}

describe("session admission on a real server", () => {
  it(`${FLOOD} initialize calls from one address take 50 sessions; others are served and the flood expires`, async () => {
    server = await startHttpCommand(DICE, [
      "--rate-limit-ms",
      "0",
      "--unused-session-idle-ms",
      String(UNUSED_IDLE_MS),
    ]);
    const watcher = watchProcess(server.child.pid as number);
    const started = Date.now();
    const answers = await flood(server.url, FLOOD, 100);
    const floodMs = Date.now() - started;
    const cost = watcher.stop();
    console.log(
      `initialize flood: ${JSON.stringify({ calls: FLOOD, ms: floodMs, statuses: byStatus(answers), rss_peak_mib: Math.round(cost.peakMiB), cpu_s: Number(cost.cpuSeconds.toFixed(1)) })}`,
    );
    expect(byStatus(answers)).toEqual({ 200: 50, 429: FLOOD - 50 });
    const refused = answers.find((answer) => answer.status === 429);
    const retryAfter = Number(refused?.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(UNUSED_IDLE_MS / 1000);

    const other = await sessionFrom(server.url, "127.0.0.2");
    const rolled = await rawHttp(server.url, {
      headers: { ...MCP_HEADERS, "mcp-session-id": other },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "roll_dice", arguments: { dice_count: 1, dice_sides: 20 } },
      }),
    });
    expect(messagesOf(rolled)).toHaveLength(1);

    // The flood's sessions never made a request: they expire after the unused idle limit, and a
    // sweep every quarter of it closes them.
    const expired = Date.now() + UNUSED_IDLE_MS * 1.25 + 2_000;
    while ((await sessionCount(server.url)) > 1 && Date.now() < expired) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await sessionCount(server.url)).toBe(1);
    expect((await initializeFrom(server.url)).status).toBe(200);
  });

  it("answers 503 with Retry-After from any address once the process holds its cap", async () => {
    server = await startHttpCommand(DICE, ["--max-sessions", "100"]);
    const answers = [
      ...(await flood(server.url, 50, 25, "127.0.0.2")),
      ...(await flood(server.url, 50, 25, "127.0.0.3")),
      ...(await flood(server.url, 50, 25, "127.0.0.4")),
    ];
    expect(byStatus(answers)).toEqual({ 200: 100, 503: 50 });
    const refused = answers.find((answer) => answer.status === 503);
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(refused?.body ?? "{}").error.message).toBe(
      "Too many live sessions (100); retry later",
    );
  });
});

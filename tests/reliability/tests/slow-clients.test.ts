import type { Socket } from "node:net";
import { type HttpProcess, startHttpCommand } from "@tabletop-mcp/kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { rawSocket, sessionFrom, trickle, watchProcess } from "./support/hostile-clients.js";
import { rawHttp } from "./support/raw-http.js";
import { commandPath } from "./support/servers.js";

const DICE = commandPath("packages/dice/dist/cli.js");
const SLOW_CLIENTS = 100;
/** The default time to send headers; the test waits this long plus Node's check interval. */
const HEADERS_TIMEOUT_MS = 10_000;

let server: HttpProcess | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.stop();
});

function within<T>(promise: Promise<T>, ms: number): Promise<T | "still open"> {
  return Promise.race([
    promise,
    new Promise<"still open">((resolve) => setTimeout(() => resolve("still open"), ms)),
  ]);
}

describe("clients that send slowly", () => {
  it(`${SLOW_CLIENTS} connections that never finish their headers are dropped after the default 10 s, cheaply`, async () => {
    server = await startHttpCommand(DICE);
    const watcher = watchProcess(server.child.pid as number);
    const slow = await Promise.all(
      Array.from({ length: SLOW_CLIENTS }, () => rawSocket(server?.url ?? "")),
    );
    for (const { socket, host } of slow) {
      sockets.push(socket);
      socket.write(`GET /mcp/health HTTP/1.1\r\nHost: ${host}\r\n`);
      void trickle(socket, "X-Slow: 1\r\n", 1_000, HEADERS_TIMEOUT_MS + 10_000);
    }
    const health = await rawHttp(server.url, { method: "GET", path: "/mcp/health" });
    expect(health.status).toBe(200);
    const closedAfter = await Promise.all(
      slow.map(({ closed }) => within(closed, HEADERS_TIMEOUT_MS + 5_000)),
    );
    const cost = watcher.stop();
    console.log(
      `slow headers: ${JSON.stringify({ clients: SLOW_CLIENTS, closed: closedAfter.filter((at) => at !== "still open").length, rss_peak_mib: Math.round(cost.peakMiB), cpu_s: Number(cost.cpuSeconds.toFixed(2)), wall_s: Math.round(cost.wallSeconds) })}`,
    );
    expect(closedAfter.filter((at) => at === "still open")).toEqual([]);
    for (const at of closedAfter) expect(at).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 1_000);
    for (const { received } of slow) expect(received()).toMatch(/^HTTP\/1\.1 408 /);
    // Holding and timing out a hundred connections costs next to nothing.
    expect(cost.cpuSeconds).toBeLessThan(2);
  }, 60_000);

  it("drops a connection whose body never finishes, after --request-timeout-ms", async () => {
    server = await startHttpCommand(DICE, ["--request-timeout-ms", "3000"]);
    const { socket, closed, received, host } = await rawSocket(server.url);
    sockets.push(socket);
    socket.write(
      `POST /mcp HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 5000\r\n\r\n{`,
    );
    void trickle(socket, " ", 200, 15_000);
    const closedAfter = await within(closed, 10_000);
    expect(closedAfter).not.toBe("still open");
    expect(closedAfter).toBeGreaterThanOrEqual(2_500);
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("keeps a GET stream open far past both timeouts", async () => {
    server = await startHttpCommand(DICE, [
      "--headers-timeout-ms",
      "1000",
      "--request-timeout-ms",
      "2000",
    ]);
    const session = await sessionFrom(server.url);
    const { socket, closed, received, host } = await rawSocket(server.url);
    sockets.push(socket);
    socket.write(
      `GET /mcp HTTP/1.1\r\nHost: ${host}\r\nAccept: text/event-stream\r\nMcp-Session-Id: ${session}\r\n\r\n`,
    );
    expect(await within(closed, 6_000)).toBe("still open");
    expect(received()).toMatch(/^HTTP\/1\.1 200 /);
  });
});

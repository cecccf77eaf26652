import { once } from "node:events";
import { connect, type Socket } from "node:net";
import type { Client } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import type { HttpHandle } from "../../src/http/index.js";
import { createLogger, ResourceHub } from "../../src/index.js";
import { createFixtureServer, createFixtureState } from "../fixture/fixture-server.mjs";
import { connectHttp, startHttpFixture, structured } from "./harness.js";
import { openSession, POST_HEADERS, rpc } from "./raw-http.js";

const LIMITS = { streamBufferBytes: 262_144, sendTimeoutMs: 1_500 };
/**
 * A note name long enough that each update notification is about 2 KB (a URI may have at most
 * 2,048 characters, docs/contract.md §7.8).
 */
const LONG_NAME = "n".repeat(2_000);

const handles: HttpHandle[] = [];
const sockets: Socket[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});

/** The fixture with the limits above, its log lines kept, `blob` allowed 8 MB answers. */
async function start() {
  const lines: string[] = [];
  const logger = createLogger("kit-fixture", "warn", (line) => lines.push(line));
  const state = createFixtureState();
  const hub = new ResourceHub();
  const handle = await startHttpFixture({
    limits: LIMITS,
    logger,
    listeners: hub,
    createServer: () =>
      createFixtureServer(state, { hub, logger, maxAnswerBytes: { blob: 8_000_000 } }),
  });
  handles.push(handle);
  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { handle, logged };
}

/**
 * Sends one raw request on a new socket and reads nothing of the answer. A paused socket does
 * not notice that the server closed it, so `readAndWaitForClose` starts reading then: a
 * connection the server dropped ends as soon as what the kernel held is read; one it kept
 * stays open.
 */
async function neverRead(port: number, head: string, body = "") {
  const socket = connect(port, "127.0.0.1");
  sockets.push(socket);
  await once(socket, "connect");
  socket.pause();
  socket.on("error", () => {});
  const closed = once(socket, "close").then(() => "closed" as const);
  socket.write(`${head}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  return {
    readAndWaitForClose: () => {
      socket.on("data", () => {});
      socket.resume();
      return settleWithin(closed, 3_000);
    },
  };
}

/** Resolves once `found` holds, checking every 50 ms, or after `ms`. */
async function eventually(found: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (!found() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  return found();
}

function settleWithin<T>(promise: Promise<T>, ms: number): Promise<T | "timed out"> {
  return Promise.race([
    promise,
    new Promise<"timed out">((resolve) => setTimeout(() => resolve("timed out"), ms)),
  ]);
}

const call = (name: string, args: Record<string, unknown>) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id: 7,
    method: "tools/call",
    params: { name, arguments: args },
  });

describe("clients that do not read", () => {
  it("drops the oldest notifications of an unread GET stream, then the connection, and serves the rest", async () => {
    const { handle, logged } = await start();
    const { url, port } = handle;
    const idle = await openSession(url);
    const subscribe = { jsonrpc: "2.0", id: 1, method: "resources/subscribe" };
    await rpc(url, idle, { ...subscribe, params: { uri: `note://${LONG_NAME}` } });
    const unread = await neverRead(
      port,
      `GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nMcp-Session-Id: ${idle}`,
    );
    const reader = await connectHttp(url);
    clients.push(reader);
    let heard = 0;
    reader.setNotificationHandler("notifications/resources/updated", () => {
      heard++;
    });
    await reader.subscribeResource({ uri: "note://short" });

    // 25 MB in bursts of 400 KB for the session that reads nothing: more than the kernel's
    // socket buffers take, so output waits in the process, where the outbox bounds it.
    for (let burst = 0; burst < 60; burst++) {
      const sent = await reader.callTool({
        name: "touch_note",
        arguments: { name: LONG_NAME, times: 200 },
      });
      expect(structured(sent)).toEqual({ sent: 200 });
    }
    await reader.callTool({ name: "touch_note", arguments: { name: "short", times: 3 } });

    const dropped = `connection dropped: the client read nothing for ${LIMITS.sendTimeoutMs} ms`;
    const forIdle = () => logged().filter((line) => line.session === idle);
    const said = (message: string) => forIdle().some((line) => line.message === message);
    expect(await eventually(() => said(dropped), LIMITS.sendTimeoutMs + 3_000)).toBe(true);
    expect(await unread.readAndWaitForClose()).toBe("closed");
    expect(said("client not reading: dropping its oldest notifications")).toBe(true);
    const total = forIdle().find(
      (line) => line.message === "notifications dropped for a client that was not reading",
    );
    expect(total?.dropped).toBeGreaterThan(0);
    expect(heard).toBe(3);
    expect(structured(await reader.callTool({ name: "add", arguments: { a: 1, b: 2 } }))).toEqual({
      sum: 3,
    });
  });

  it("drops the connection of an answer nobody reads", async () => {
    const { handle, logged } = await start();
    const { url, port } = handle;
    const session = await openSession(url);
    const headers = Object.entries({ ...POST_HEADERS, "mcp-session-id": session })
      .map(([name, value]) => `${name}: ${value}`)
      .join("\r\n");
    const unread = await neverRead(
      port,
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers}`,
      call("blob", { bytes: 6_000_000 }),
    );
    const dropped = `connection dropped: the client read nothing for ${LIMITS.sendTimeoutMs} ms`;
    const said = () => logged().some((line) => line.message === dropped);
    expect(await eventually(said, LIMITS.sendTimeoutMs + 3_000)).toBe(true);
    expect(await unread.readAndWaitForClose()).toBe("closed");
    const answered = await rpc(url, session, JSON.parse(call("add", { a: 2, b: 2 })));
    expect(answered.body).toContain('"structuredContent":{"sum":4}');
  });

  it("drops an unread 2026-07-28 listen stream, and serves the rest", async () => {
    const { handle, logged } = await start();
    const { url, port } = handle;
    const envelope = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientCapabilities": {},
    };
    const listen = JSON.stringify({
      jsonrpc: "2.0",
      id: "listen",
      method: "subscriptions/listen",
      params: {
        notifications: { resourceSubscriptions: [`note://${LONG_NAME}`] },
        _meta: envelope,
      },
    });
    const headers = Object.entries({
      ...POST_HEADERS,
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "subscriptions/listen",
    })
      .map(([name, value]) => `${name}: ${value}`)
      .join("\r\n");
    const unread = await neverRead(
      port,
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers}`,
      listen,
    );
    const reader = await connectHttp(url);
    clients.push(reader);
    await expect.poll(() => listenStreams(url), { timeout: 3_000 }).toBe(1);

    // 25 MB of updates for the stream that reads nothing, as for a 2025 GET stream above.
    for (let burst = 0; burst < 60; burst++) {
      await reader.callTool({ name: "touch_note", arguments: { name: LONG_NAME, times: 200 } });
    }
    const dropped = `connection dropped: the client read nothing for ${LIMITS.sendTimeoutMs} ms`;
    const said = () => logged().some((line) => line.message === dropped);
    expect(await eventually(said, LIMITS.sendTimeoutMs + 3_000)).toBe(true);
    expect(await unread.readAndWaitForClose()).toBe("closed");
    await expect.poll(() => listenStreams(url), { timeout: 3_000 }).toBe(0);
    expect(structured(await reader.callTool({ name: "add", arguments: { a: 1, b: 2 } }))).toEqual({
      sum: 3,
    });
  });
});

/** The 2026-07-28 listen streams `/mcp/health` counts now. */
async function listenStreams(url: string): Promise<number> {
  const health = await fetch(url.replace(/\/mcp$/, "/mcp/health"));
  return ((await health.json()) as { modern: { listen_streams: number } }).modern.listen_streams;
}

import { once } from "node:events";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { HttpHandle } from "../../src/http/index.js";
import { startHttpFixture } from "./harness.js";
import { openSession, rpc } from "./raw-http.js";

const LIMITS = { headersTimeoutMs: 500, requestTimeoutMs: 1_000, keepAliveTimeoutMs: 500 };
/** Longest a test waits for the server to close a connection: far past every limit above. */
const PATIENCE_MS = 5_000;

const handles: HttpHandle[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});

async function start() {
  const handle = await startHttpFixture({ limits: LIMITS });
  handles.push(handle);
  return handle;
}

/** A socket to the server that records what it receives and when the server closed it. */
async function openSocket(port: number) {
  const socket = connect(port, "127.0.0.1");
  sockets.push(socket);
  await once(socket, "connect");
  const opened = Date.now();
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    received += chunk;
  });
  socket.on("error", () => {});
  const closed = new Promise<number>((resolve) =>
    socket.once("close", () => resolve(Date.now() - opened)),
  );
  return { socket, closed, received: () => received };
}

/** Writes `line` every `everyMs` until the socket closes or `PATIENCE_MS` pass. */
async function trickle(socket: Socket, line: string, everyMs: number): Promise<void> {
  const until = Date.now() + PATIENCE_MS;
  while (!socket.destroyed && Date.now() < until) {
    socket.write(line);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

function within(closed: Promise<number>): Promise<number | "still open"> {
  return Promise.race([
    closed,
    new Promise<"still open">((resolve) => setTimeout(() => resolve("still open"), PATIENCE_MS)),
  ]);
}

describe("slow clients", () => {
  it("drops a connection whose headers never finish, with a JSON 408", async () => {
    const { port } = await start();
    const { socket, closed, received } = await openSocket(port);
    socket.write(`GET /mcp/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    void trickle(socket, "X-Slow: a\r\n", 100);
    expect(await within(closed)).toBeLessThan(PATIENCE_MS);
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(received().split("\r\n\r\n")[1] ?? "")).toMatchObject({
      jsonrpc: "2.0",
      error: { code: -32000, message: expect.stringMatching(/^Request timeout/) },
    });
  });

  it("drops a connection whose body never finishes", async () => {
    const { port } = await start();
    const { socket, closed, received } = await openSocket(port);
    socket.write(
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 100000\r\n\r\n{`,
    );
    void trickle(socket, " ", 100);
    expect(await within(closed)).toBeLessThan(PATIENCE_MS);
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("closes an idle keep-alive connection", async () => {
    const { port } = await start();
    const { socket, closed, received } = await openSocket(port);
    socket.write(`GET /mcp/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    expect(await within(closed)).toBeLessThan(PATIENCE_MS);
    expect(received()).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("keeps a GET stream open past every limit and still delivers on it", async () => {
    const { url, port } = await start();
    const session = await openSession(url);
    const subscribed = await rpc(url, session, {
      jsonrpc: "2.0",
      id: 1,
      method: "resources/subscribe",
      params: { uri: "note://kept" },
    });
    expect(subscribed.status).toBe(200);
    const { socket, closed, received } = await openSocket(port);
    socket.write(
      `GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nMcp-Session-Id: ${session}\r\n\r\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const touched = await rpc(url, session, {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "touch_note", arguments: { name: "kept", times: 1 } },
    });
    expect(touched.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(socket.destroyed).toBe(false);
    expect(received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(received()).toContain('"method":"notifications/resources/updated"');
    socket.destroy();
    await closed;
  });
});

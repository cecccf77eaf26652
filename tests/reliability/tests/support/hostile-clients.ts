/**
 * Clients that misbehave on purpose: ones that open a stream and never read it, send a
 * request a byte at a time, or open sessions by the hundred; and a sampler that watches what
 * that costs the server.
 */
import { once } from "node:events";
import { connect, type Socket } from "node:net";
import { cpuSeconds, residentMiB } from "./process.js";
import { initializeBody, MCP_HEADERS, type RawResponse, rawHttp } from "./raw-http.js";

/** `initialize` from `localAddress` (default 127.0.0.1); the raw answer. */
export function initializeFrom(url: string, localAddress?: string): Promise<RawResponse> {
  return rawHttp(url, {
    headers: { ...MCP_HEADERS },
    body: initializeBody(),
    ...(localAddress ? { localAddress } : {}),
  });
}

/** Opens a session from `localAddress` and sends `notifications/initialized`; its id. */
export async function sessionFrom(url: string, localAddress?: string): Promise<string> {
  const answer = await initializeFrom(url, localAddress);
  const id = answer.headers["mcp-session-id"];
  if (answer.status !== 200 || typeof id !== "string") {
    throw new Error(`initialize answered ${answer.status}: ${answer.body}`);
  }
  const initialized = await rawHttp(url, {
    headers: { ...MCP_HEADERS, "mcp-session-id": id },
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    ...(localAddress ? { localAddress } : {}),
  });
  if (initialized.status !== 202) throw new Error(`initialized answered ${initialized.status}`);
  return id;
}

/** Opens a raw socket to the server's port; everything received is kept in `received()`. */
export async function rawSocket(url: string, reading = true) {
  const target = new URL(url);
  const socket = connect(Number(target.port), target.hostname);
  await once(socket, "connect");
  let received = "";
  if (reading) {
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
  } else {
    socket.pause();
  }
  socket.on("error", () => {});
  const opened = Date.now();
  const closed = new Promise<number>((resolve) =>
    socket.once("close", () => resolve(Date.now() - opened)),
  );
  return { socket, closed, received: () => received, host: target.host };
}

/** Opens the session's GET stream and never reads a byte of it. */
export async function unreadStream(url: string, sessionId: string): Promise<Socket> {
  const { socket, host } = await rawSocket(url, false);
  socket.write(
    `GET /mcp HTTP/1.1\r\nHost: ${host}\r\nAccept: text/event-stream\r\nMcp-Session-Id: ${sessionId}\r\n\r\n`,
  );
  return socket;
}

/** Writes `text` one piece every `everyMs` until the socket closes or `forMs` pass. */
export async function trickle(
  socket: Socket,
  text: string,
  everyMs: number,
  forMs: number,
): Promise<void> {
  const until = Date.now() + forMs;
  while (!socket.destroyed && Date.now() < until) {
    socket.write(text);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** What a process cost while it was watched. */
export interface Cost {
  peakMiB: number;
  samplesMiB: number[];
  cpuSeconds: number;
  wallSeconds: number;
}

/** Samples a process's resident memory every `everyMs` and its CPU time until `stop()`. */
export function watchProcess(pid: number, everyMs = 250): { stop(): Cost } {
  const samplesMiB: number[] = [residentMiB(pid)];
  const cpuAtStart = cpuSeconds(pid);
  const startedAt = Date.now();
  const timer = setInterval(() => samplesMiB.push(residentMiB(pid)), everyMs);
  return {
    stop() {
      clearInterval(timer);
      samplesMiB.push(residentMiB(pid));
      return {
        peakMiB: Math.max(...samplesMiB),
        samplesMiB,
        cpuSeconds: cpuSeconds(pid) - cpuAtStart,
        wallSeconds: (Date.now() - startedAt) / 1000,
      };
    },
  };
}

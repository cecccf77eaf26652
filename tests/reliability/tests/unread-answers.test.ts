import { mkdtempSync, writeFileSync } from "node:fs";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type HttpProcess, startHttpCommand } from "@tabletop-mcp/kit/testing";
import { afterEach, expect, it } from "vitest";
import { generateWorld } from "../../../packages/urd/bench/generate-world.mjs";
import { rawSocket, sessionFrom, watchProcess } from "./support/hostile-clients.js";
import { MCP_HEADERS, messagesOf, rawHttp } from "./support/raw-http.js";
import { commandPath } from "./support/servers.js";

const UNREAD = 30;
const GROWTH_LIMIT_MIB = 100;

let world: HttpProcess | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await world?.stop();
});

const exitGraph = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "get_exit_graph", arguments: {} },
});

it(`${UNREAD} whole-graph answers nobody reads cost the world server less than ${GROWTH_LIMIT_MIB} MB`, async () => {
  const directory = mkdtempSync(join(tmpdir(), "reliability-world-"));
  const worldFile = join(directory, "generated.urd.md");
  writeFileSync(worldFile, generateWorld());
  world = await startHttpCommand(commandPath("packages/world/dist/cli.js"), [worldFile]);
  const session = await sessionFrom(world.url);
  const watcher = watchProcess(world.child.pid as number);
  for (let index = 0; index < UNREAD; index++) {
    const { socket, host } = await rawSocket(world.url, false);
    sockets.push(socket);
    const headers = Object.entries({ ...MCP_HEADERS, "mcp-session-id": session, host })
      .map(([name, value]) => `${name}: ${value}`)
      .join("\r\n");
    socket.write(
      `POST /mcp HTTP/1.1\r\n${headers}\r\nContent-Length: ${exitGraph.length}\r\n\r\n${exitGraph}`,
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const answered = await rawHttp(world.url, {
    headers: { ...MCP_HEADERS, "mcp-session-id": session },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "get_world_metadata", arguments: {} },
    }),
  });
  const cost = watcher.stop();
  const start = cost.samplesMiB[0] ?? 0;
  console.log(
    `world with ${UNREAD} unread answers: ${JSON.stringify({ rss_start_mib: Math.round(start), rss_peak_mib: Math.round(cost.peakMiB), cpu_s: Number(cost.cpuSeconds.toFixed(1)) })}`,
  );
  const [message] = messagesOf(answered) as Array<{ result?: { isError?: boolean } }>;
  expect(message?.result?.isError).toBeFalsy();
  expect(cost.peakMiB - start).toBeLessThan(GROWTH_LIMIT_MIB);
});

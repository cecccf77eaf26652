// docs/gateway.md §15, item 10: children must not outlive the sessions or the gateway that started
// them.
import { afterAll, describe, expect, it } from "vitest";
import {
  childPidsOf,
  cleanupAll,
  fixtureStdio,
  isAlive,
  openHttpSession,
  readRecord,
  startGatewayHttp,
  trackPid,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";
import { initializeRaw, spawnRawStdioGateway } from "../helpers/raw-stdio.js";

afterAll(cleanupAll);

const perSessionConfig = () =>
  writeConfig({
    mcpServers: {
      mine: fixtureStdio(["--name", "mine"], { per_session: true }),
      shared: fixtureStdio(["--name", "shared", "--scheme", "shared", "--prompt", "shared"], {
        prefix: "shared",
      }),
    },
  });

describe("per-session stdio children", () => {
  it("are gone within 8 s after their HTTP sessions are deleted", async () => {
    const gateway = await startGatewayHttp(["--config", perSessionConfig()]);
    const sessions = await Promise.all(
      Array.from({ length: 5 }, () => openHttpSession(gateway.url)),
    );
    const pids = await Promise.all(
      sessions.map(async (session) => (await readRecord(session.client)).pid),
    );
    for (const pid of pids) trackPid(pid);
    expect(new Set(pids).size).toBe(5);
    for (const pid of pids) expect(isAlive(pid)).toBe(true);

    await Promise.all(sessions.map((session) => session.close()));
    await waitFor(() => pids.every((pid) => !isAlive(pid)), "all 5 children to exit", 8000);
    await gateway.stop();
  });

  it("and every other child are gone after SIGTERM to the gateway, which exits 0", async () => {
    const gateway = await startGatewayHttp(["--config", perSessionConfig()]);
    const first = await openHttpSession(gateway.url);
    const second = await openHttpSession(gateway.url);
    await readRecord(first.client);
    await readRecord(second.client);
    const sharedPid = (await readRecord(first.client, "shared___record")).pid;
    const pids = childPidsOf(gateway.child.pid ?? -1);
    for (const pid of pids) trackPid(pid);
    // Two per-session children, the per-session catalog child and the shared child.
    expect(pids.length).toBeGreaterThanOrEqual(4);
    expect(pids).toContain(sharedPid);

    const exit = await gateway.stop("SIGTERM");
    expect(exit).toEqual({ code: 0, signal: null });
    await waitFor(() => pids.every((pid) => !isAlive(pid)), "every child to exit", 5000);
  });
});

describe("a stdio gateway whose stdin closes", () => {
  it("exits 0 and leaves no child", async () => {
    const config = writeConfig({ mcpServers: { only: fixtureStdio(["--name", "only"]) } });
    const gateway = spawnRawStdioGateway(["--config", config]);
    await initializeRaw(gateway, 1);
    const response = await gateway.request(2, "tools/call", { name: "_record" });
    const childPid = (response.result as { structuredContent: { pid: number } }).structuredContent
      .pid;
    trackPid(childPid);
    const children = childPidsOf(gateway.pid);
    for (const pid of children) trackPid(pid);
    expect(children).toContain(childPid);

    gateway.endInput();
    const exit = await Promise.race([
      gateway.exited,
      new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), 10_000)),
    ]);
    expect(exit).toEqual({ code: 0, signal: null });
    await waitFor(() => children.every((pid) => !isAlive(pid)), "the child to exit", 5000);
  });
});

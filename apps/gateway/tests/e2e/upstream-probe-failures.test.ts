// docs/gateway.md §4.6: an upstream whose server/discover probe fails is reported, and the gateway
// serves the others; a stdio server that exits on the probe is a 2025 server; an upstream that
// comes back in another era after a restart is probed again and spoken to in its new era.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  fetchHealth,
  fixtureStdio,
  type HttpChild,
  openHttpSession,
  readRecord,
  startFixtureHttpProcess,
  startGatewayHttp,
  startModernFixture,
  tempFolder,
  upstreamOf,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";

const ERA_SWITCH = fileURLToPath(new URL("../fixtures/era-switch.mjs", import.meta.url));

afterAll(cleanupAll);

describe("an upstream whose probe fails", () => {
  it("is down with the reason, while the gateway serves the rest", async () => {
    const garbage = await startModernFixture(["--name", "garbage", "--discover", "garbage"]);
    const silent = await startModernFixture(["--name", "silent", "--discover", "hang"]);
    const config = writeConfig({
      mcpServers: {
        garbage: { url: garbage.url, prefix: "g" },
        silent: { url: silent.url, prefix: "s", probe_timeout_ms: 500 },
        old: fixtureStdio(["--name", "old", "--scheme", "old", "--prompt", "old-greet"]),
      },
    });
    const gateway = await startGatewayHttp(["--config", config]);
    const health = await fetchHealth(gateway.origin);
    const garbled = upstreamOf(health, "garbage");
    expect(garbled).toMatchObject({ state: "down", era: null });
    expect(garbled.last_error).toMatch(/server\/discover/);
    expect(garbled.last_error).toMatch(/unusable reply/);
    const hung = upstreamOf(health, "silent");
    expect(hung).toMatchObject({ state: "down", era: null });
    expect(hung.last_error).toMatch(/server\/discover/);
    expect(hung.last_error).toMatch(/500 ?ms/);
    expect(upstreamOf(health, "old")).toMatchObject({ state: "ready", era: "2025-11-25" });

    const client = await openHttpSession(gateway.url);
    expect((await call(client.client, "echo", { ok: true })).structuredContent).toMatchObject({
      arguments: { ok: true },
    });
    await client.close();
    await gateway.stop();
  });
});

describe("a stdio server that exits on the probe", () => {
  it("is started again and spoken to in the 2025 revisions", async () => {
    const config = writeConfig({
      mcpServers: { quitter: fixtureStdio(["--name", "quitter", "--discover", "exit"]) },
    });
    const gateway = await startGatewayHttp(["--config", config]);
    expect(upstreamOf(await fetchHealth(gateway.origin), "quitter")).toMatchObject({
      state: "ready",
      era: "2025-11-25",
      restarts: 0,
    });
    const client = await openHttpSession(gateway.url);
    const record = await readRecord(client.client);
    expect(record.discover).toBe(0);
    expect(record.sessions.stdio).toMatchObject({ initialize: 1 });
    await client.close();
    await gateway.stop();
  });
});

describe("an HTTP upstream that comes back in another era", () => {
  it("is probed again after each restart", async () => {
    let upstream: HttpChild = await startModernFixture(["--name", "remote"]);
    const port = upstream.port;
    const config = writeConfig({ mcpServers: { remote: { url: upstream.url } } });
    const gateway = await startGatewayHttp(["--config", config]);
    const eraOf = async () => upstreamOf(await fetchHealth(gateway.origin), "remote");
    expect(await eraOf()).toMatchObject({ state: "ready", era: "2026-07-28" });

    await upstream.stop();
    upstream = await startFixtureHttpProcess(["--name", "remote"], port);
    await waitFor(
      async () => (await eraOf()).era === "2025-11-25" && (await eraOf()).state === "ready",
      "the upstream back in the 2025 revisions",
      20_000,
    );
    const client = await openHttpSession(gateway.url);
    expect((await call(client.client, "echo", { n: 1 })).structuredContent).toMatchObject({
      arguments: { n: 1 },
    });

    await upstream.stop();
    upstream = await startModernFixture(["--name", "remote"], port);
    await waitFor(
      async () => (await eraOf()).era === "2026-07-28" && (await eraOf()).state === "ready",
      "the upstream back in 2026-07-28",
      20_000,
    );
    expect((await call(client.client, "echo", { n: 2 })).structuredContent).toMatchObject({
      arguments: { n: 2 },
    });
    await client.close();
    await gateway.stop();
  });
});

describe("a stdio upstream upgraded in place", () => {
  it("is probed again when its child restarts, and spoken to in its new era", async () => {
    const marker = join(tempFolder(), "still-2025");
    writeFileSync(marker, "");
    const config = writeConfig({
      mcpServers: { local: { command: process.execPath, args: [ERA_SWITCH, marker, "local"] } },
    });
    const gateway = await startGatewayHttp(["--config", config]);
    const stateOf = async () => upstreamOf(await fetchHealth(gateway.origin), "local");
    expect(await stateOf()).toMatchObject({ state: "ready", era: "2025-11-25" });

    const client = await openHttpSession(gateway.url);
    rmSync(marker);
    await call(client.client, "exit", { code: 0 });
    await waitFor(
      async () => {
        const state = await stateOf();
        return state.state === "ready" && state.era === "2026-07-28";
      },
      "the child back in 2026-07-28",
      20_000,
    );
    const record = (await call(client.client, "_record")).structuredContent as {
      methods: Record<string, number>;
    };
    expect(record.methods["server/discover"]).toBe(1);
    expect((await call(client.client, "echo", { n: 3 })).structuredContent).toMatchObject({
      arguments: { n: 3 },
    });
    await client.close();
    await gateway.stop();
  });
});

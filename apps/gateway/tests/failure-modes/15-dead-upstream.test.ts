// docs/gateway.md §15, item 15: one unreachable or crashing upstream must not stop the gateway from
// starting, nor take the other upstreams down with it. (The exact backoff schedule under fake
// timers is tested inside the gateway package.)
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  errorOf,
  fetchHealth,
  fixtureStdio,
  type HttpChild,
  openHttpSession,
  type Session,
  sleep,
  startGatewayHttp,
  tempFolder,
  toolNames,
  upstreamOf,
  writeConfig,
} from "../helpers/gateway.js";

let gateway: HttpChild;
let session: Session;

/** A port nothing listens on: bound, read, released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

beforeAll(async () => {
  const marker = join(tempFolder(), "mortal-exited");
  const config = writeConfig({
    mcpServers: {
      dice: { builtin: "dice", rate_limit_ms: 0 },
      web: { url: `http://127.0.0.1:${await closedPort()}/mcp`, prefix: "w" },
      mortal: fixtureStdio(["--name", "mortal", "--fail-after-exit", marker], { prefix: "m" }),
    },
  });
  gateway = await startGatewayHttp(["--config", config]);
  session = await openHttpSession(gateway.url);
});

afterAll(cleanupAll);

async function diceStillWorks(): Promise<void> {
  const result = await call(session.client, "roll_dice", { dice_count: 1, dice_sides: 20 });
  expect(result.isError, JSON.stringify(result)).toBeFalsy();
}

describe("an HTTP upstream on a closed port", () => {
  it("does not stop the gateway: it is down, unlisted, and dice works", async () => {
    const health = await fetchHealth(gateway.origin);
    expect(health.status).toBe("ok");
    expect(upstreamOf(health, "web").state).toBe("down");
    expect(upstreamOf(health, "dice").state).toBe("ready");
    expect(upstreamOf(health, "mortal").state).toBe("ready");
    const names = await toolNames(session.client);
    expect(names.filter((name) => name.startsWith("w__"))).toEqual([]);
    expect(names).toContain("m__echo");
    await diceStillWorks();
  });
});

describe("a stdio upstream that dies and cannot restart", () => {
  it("stays listed and fails with restarting, then unavailable, while dice keeps working", async () => {
    expect((await call(session.client, "m__echo", {})).isError).toBeFalsy();
    const died = errorOf(await call(session.client, "m__exit", { code: 3 }));
    expect(died).toMatchObject({
      code: "FAILED_PRECONDITION",
      upstream: "mortal",
      reason: "exited",
    });

    const reasons: string[] = [];
    const states: string[] = [];
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline) {
      const failed = errorOf(await call(session.client, "m__echo", {}));
      expect(failed.upstream).toBe("mortal");
      expect(failed.message).toContain("mortal");
      reasons.push(failed.reason ?? "none");
      states.push(upstreamOf(await fetchHealth(gateway.origin), "mortal").state);
      expect(await toolNames(session.client)).toContain("m__echo");
      await diceStillWorks();
      if (failed.reason === "unavailable") break;
      await sleep(500);
    }
    expect(reasons[0]).toBe("restarting");
    expect(reasons.at(-1)).toBe("unavailable");
    expect(reasons.every((reason) => reason === "restarting" || reason === "unavailable")).toBe(
      true,
    );
    expect(states[0]).toBe("restarting");
    expect(upstreamOf(await fetchHealth(gateway.origin), "mortal").state).toBe("down");
  });
});

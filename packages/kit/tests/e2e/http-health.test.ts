import { networkInterfaces } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import type { HttpHandle } from "../../src/http/index.js";
import { connectHttp, startHttpFixture } from "./harness.js";
import { health } from "./raw-http.js";

/** An address of this machine that is not loopback: a request to it comes from it too. */
const externalAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address?.family === "IPv4" && !address.internal)?.address;

const handles: HttpHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});

async function start(overrides: Parameters<typeof startHttpFixture>[0] = {}) {
  const handle = await startHttpFixture({ health: () => ({ upstreams: ["a"] }), ...overrides });
  handles.push(handle);
  return handle;
}

const DETAILS = {
  status: "ok",
  name: "kit-fixture",
  version: "1.0.0",
  uptime_s: expect.any(Number),
  sessions: 0,
  modern: { requests_in_flight: 0, listen_streams: 0 },
  upstreams: ["a"],
};

describe("/mcp/health, depending on who asks", () => {
  it("shows every detail to a loopback caller when no token is configured", async () => {
    const { url } = await start();
    expect(await health(url)).toEqual(DETAILS);
  });

  it.skipIf(externalAddress === undefined)(
    "shows only the status to a caller from another address when no token is configured",
    async () => {
      const { port } = await start({ host: "0.0.0.0" });
      const url = `http://127.0.0.1:${port}/mcp`;
      expect(await health(url, {}, externalAddress)).toEqual({ status: "ok" });
      expect(await health(url)).toEqual(DETAILS);
    },
  );

  it("shows only the status without the configured token, and every detail with it", async () => {
    const { url } = await start({ authToken: "s3cret" });
    expect(await health(url)).toEqual({ status: "ok" });
    expect(await health(url, { authorization: "Bearer wrong" })).toEqual({ status: "ok" });
    expect(await health(url, { authorization: "Bearer s3cret" })).toEqual(DETAILS);
    expect(await health(url, { authorization: "bearer s3cret" })).toEqual(DETAILS);
  });

  it("accepts a lower-case bearer scheme from a real client", async () => {
    const { url } = await start({ authToken: "s3cret" });
    const client = await connectHttp(url, { authorization: "bearer s3cret" });
    const result = await client.callTool({ name: "add", arguments: { a: 2, b: 3 } });
    expect(result.structuredContent).toEqual({ sum: 5 });
    await client.close();
  });
});

// A method the gateway does not serve is answered as not found by the SDK itself: in the
// 2026-07-28 era with HTTP 404, in a 2025 session in-band; the gateway keeps serving.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupAll, type HttpChild, startGatewayHttp, writeConfig } from "../helpers/gateway.js";
import { openLegacySession, postModern } from "../helpers/raw-http.js";

let gateway: HttpChild;

beforeAll(async () => {
  const config = writeConfig({ mcpServers: { dice: { builtin: "dice" } } });
  gateway = await startGatewayHttp(["--config", config]);
});

afterAll(cleanupAll);

describe("a method the gateway does not serve", () => {
  it("is 404 with -32601 for a 2026-07-28 request, and the next request is served", async () => {
    const unknown = await postModern(gateway.url, "dice/explode");
    expect(unknown.status).toBe(404);
    expect(unknown.message).toMatchObject({ id: 7, error: { code: -32601 } });
    const tools = await postModern(gateway.url, "tools/list");
    expect(tools.status).toBe(200);
    expect(tools.text).toContain("roll_dice");
  });

  it("is an in-band -32601 in a 2025 session", async () => {
    const send = await openLegacySession(gateway.url);
    const unknown = await send("dice/explode");
    expect(unknown.status).toBe(200);
    expect(unknown.message).toMatchObject({ error: { code: -32601 } });
  });
});

import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import type { HttpHandle } from "../../src/http/index.js";
import { startHttpFixture } from "./harness.js";
import { health, openSession, rawRequest, rpc } from "./raw-http.js";

const handles: HttpHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});

async function start() {
  const handle = await startHttpFixture();
  handles.push(handle);
  return handle;
}

/** The status of a GET stream's answer; the stream itself is closed at once. */
function streamStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: "GET", headers, agent: false }, (incoming) => {
      resolve(incoming.statusCode ?? 0);
      incoming.destroy();
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("requests without a body, whatever their Content-Type", () => {
  it.each(["application/json", "text/plain", "application/x-anything"])(
    "DELETE with Content-Type %s and no body ends the session",
    async (contentType) => {
      const { url } = await start();
      const session = await openSession(url);
      const deleted = await rawRequest({
        url,
        method: "DELETE",
        headers: { "content-type": contentType, "mcp-session-id": session },
      });
      expect(deleted.status).toBe(200);
      expect((await health(url)).sessions).toBe(0);
      expect((await rpc(url, session, { jsonrpc: "2.0", id: 1, method: "ping" })).status).toBe(404);
    },
  );

  it("DELETE with Content-Length 0 and a JSON Content-Type ends the session", async () => {
    const { url } = await start();
    const session = await openSession(url);
    const deleted = await rawRequest({
      url,
      method: "DELETE",
      headers: {
        "content-type": "application/json",
        "content-length": "0",
        "mcp-session-id": session,
      },
    });
    expect(deleted.status).toBe(200);
    expect((await health(url)).sessions).toBe(0);
  });

  it("GET with a JSON Content-Type opens the session's stream", async () => {
    const { url } = await start();
    const session = await openSession(url);
    const status = await streamStatus(url, {
      accept: "text/event-stream",
      "content-type": "application/json",
      "mcp-session-id": session,
    });
    expect(status).toBe(200);
  });
});

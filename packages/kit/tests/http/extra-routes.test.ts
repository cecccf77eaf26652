import { Server } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import { InFlightRequests } from "../../src/cli/index.js";
import {
  type HttpHandle,
  type HttpRoute,
  type RequestIdentity,
  serveHttp,
} from "../../src/http/index.js";
import { silentLogger } from "../../src/index.js";

let handle: HttpHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

const seen: RequestIdentity[] = [];

const guarded: HttpRoute = {
  path: "/guarded",
  handle(identity) {
    if (identity.credentials === "invalid") return { refused: 401, message: "Unauthorized: no" };
    return { refused: 403, message: "Forbidden: not enough", scope: "admin:read" };
  },
};

const whoAsked: HttpRoute = {
  path: "/who",
  handle(identity) {
    seen.push(identity);
    return {
      status: identity.credentials === "invalid" ? 401 : 200,
      contentType: "text/plain; charset=utf-8",
      body: `credentials ${identity.credentials}`,
      headers: { "x-route": "who" },
    };
  },
};

async function start(authToken: string | undefined): Promise<string> {
  seen.length = 0;
  handle = await serveHttp({
    createServer: () => new Server({ name: "s", version: "1" }, { capabilities: {} }),
    name: "routes-test",
    version: "1.0.0",
    host: "127.0.0.1",
    port: 0,
    allowedHosts: [],
    authToken,
    rateLimitMs: 0,
    logger: silentLogger,
    inFlight: new InFlightRequests(),
    routes: [whoAsked, guarded],
  });
  return `http://127.0.0.1:${handle.port}`;
}

describe("extra GET routes beside /mcp", () => {
  it("reach the handler without a token, which learns the credentials failed", async () => {
    const base = await start("s3cret-route-token");
    const response = await fetch(`${base}/who?ignored=1`);
    expect(response.status).toBe(401);
    expect(await response.text()).toBe("credentials invalid");
    expect(response.headers.get("x-route")).toBe("who");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(seen).toEqual([{ address: "127.0.0.1", credentials: "invalid" }]);
  });

  it("tell the handler the token was valid, and keep /mcp behind the token", async () => {
    const base = await start("s3cret-route-token");
    const response = await fetch(`${base}/who`, {
      headers: { authorization: "Bearer s3cret-route-token" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("credentials valid");
    const mcp = await fetch(`${base}/mcp`, { method: "POST", body: "{}" });
    expect(mcp.status).toBe(401);
  });

  it("still check the Host header", async () => {
    const base = await start(undefined);
    const { request } = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${base}/who`);
      const outgoing = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          headers: { host: "evil.example" },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      outgoing.on("error", reject);
      outgoing.end();
    });
    expect(status).toBe(403);
    expect(seen).toEqual([]);
  });
});

describe("an extra route's refusal", () => {
  it("is answered as /mcp answers: JSON-RPC body, bearer challenge on 401", async () => {
    const base = await start("s3cret-route-token");
    const response = await fetch(`${base}/guarded`);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe("Bearer");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toEqual({
      jsonrpc: "2.0",
      error: { code: -32000, message: "Unauthorized: no" },
      id: null,
    });
  });

  it("calls a refused token invalid_token on 401", async () => {
    const base = await start("s3cret-route-token");
    const response = await fetch(`${base}/guarded`, { headers: { authorization: "Bearer nope" } });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
  });

  it("names the missing scope on 403 (insufficient_scope)", async () => {
    const base = await start("s3cret-route-token");
    const response = await fetch(`${base}/guarded`, {
      headers: { authorization: "Bearer s3cret-route-token" },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toBe(
      'Bearer error="insufficient_scope", scope="admin:read"',
    );
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      "Forbidden: not enough",
    );
  });
});

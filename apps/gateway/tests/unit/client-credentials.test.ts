import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  authorizedFetch,
  clientCredentialsSource,
} from "../../src/upstreams/client-credentials.js";

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A token endpoint that hands out token-1, token-2 … and records what it was asked. */
async function tokenEndpoint(expiresIn = 3600) {
  const asked: { authorization: string | undefined; body: URLSearchParams }[] = [];
  const url = await listen((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      asked.push({ authorization: request.headers.authorization, body: new URLSearchParams(body) });
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ access_token: `token-${asked.length}`, expires_in: expiresIn }),
      );
    });
  });
  return { url: `${url}/token`, asked };
}

const AUTH = {
  type: "client_credentials" as const,
  issuer: undefined,
  clientId: "gateway",
  clientSecret: "s3cret:value",
  scope: "notes:read",
  resource: undefined,
};

describe("the gateway's client credentials", () => {
  it("asks the token endpoint with Basic client authentication, for the upstream's resource", async () => {
    const endpoint = await tokenEndpoint();
    const source = clientCredentialsSource(
      { ...AUTH, tokenUrl: endpoint.url },
      "https://up.example/mcp",
    );
    expect(await source.token()).toBe("token-1");
    expect(await source.token()).toBe("token-1");
    expect(endpoint.asked).toHaveLength(1);
    const [first] = endpoint.asked;
    expect(first?.authorization).toBe(
      `Basic ${Buffer.from("gateway:s3cret%3Avalue").toString("base64")}`,
    );
    expect(Object.fromEntries(first?.body ?? [])).toEqual({
      grant_type: "client_credentials",
      resource: "https://up.example/mcp",
      scope: "notes:read",
    });
  });

  it("asks again once a token is about to expire", async () => {
    const endpoint = await tokenEndpoint(10);
    const source = clientCredentialsSource(
      { ...AUTH, tokenUrl: endpoint.url },
      "https://up.example/mcp",
    );
    expect(await source.token()).toBe("token-1");
    expect(await source.token()).toBe("token-2");
  });

  it("sends the token, and on a 401 gets a new one and tries once more", async () => {
    const endpoint = await tokenEndpoint();
    const seen: (string | undefined)[] = [];
    const upstream = await listen((request, response) => {
      seen.push(request.headers.authorization);
      response.writeHead(request.headers.authorization === "Bearer token-1" ? 401 : 200);
      response.end();
    });
    const source = clientCredentialsSource({ ...AUTH, tokenUrl: endpoint.url }, upstream);
    const send = authorizedFetch(fetch, source);
    const response = await send(upstream, { method: "POST", body: "{}" });
    expect(response.status).toBe(200);
    expect(seen).toEqual(["Bearer token-1", "Bearer token-2"]);
    expect((await send(upstream, { method: "POST", body: "{}" })).status).toBe(200);
    expect(endpoint.asked).toHaveLength(2);
  });
});

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { type HttpProcess, startHttpCommand } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AuthorizationServer,
  MACHINE_CLIENT,
  startAuthorizationServer,
  type UserName,
} from "./support/authorization-server.js";
import { DUALITY, GATEWAY } from "./support/commands.js";
import { machineToken } from "./support/machine-token.js";
import { InMemoryOAuthClient } from "./support/oauth-client.js";
import { openSession, postMcp } from "./support/raw.js";
import { type RecordingProxy, startRecordingProxy } from "./support/recording-proxy.js";

let authorization: AuthorizationServer;
let upstream: HttpProcess;
let proxy: RecordingProxy;
let gateway: HttpProcess;
const clients: Client[] = [];

/**
 * The gateway in OAuth mode in front of builtins and of a remote Duality server that itself
 * wants OAuth tokens: the gateway reaches it with its own client credentials, through a proxy
 * that records what the remote server is sent.
 */
beforeAll(async () => {
  authorization = await startAuthorizationServer();
  upstream = await startHttpCommand(DUALITY, ["--auth-issuer", authorization.issuer]);
  proxy = await startRecordingProxy(upstream.url);
  const config = {
    mcpServers: {
      dice: { builtin: "dice" },
      campaign: { builtin: "campaign", options: { dbPath: ":memory:" } },
      remote: {
        type: "http",
        url: proxy.url,
        prefix: "remote",
        trusted: true,
        auth: {
          type: "client_credentials",
          issuer: authorization.issuer,
          client_id: MACHINE_CLIENT.id,
          client_secret: "${REMOTE_SECRET}",
          scope: "tabletop:play",
          resource: upstream.url,
        },
      },
    },
  };
  const file = join(mkdtempSync(join(tmpdir(), "gateway-auth-")), "gateway.json");
  writeFileSync(file, JSON.stringify(config));
  gateway = await startHttpCommand(
    GATEWAY,
    ["--config", file, "--auth-issuer", authorization.issuer],
    { REMOTE_SECRET: MACHINE_CLIENT.secret },
  );
});
afterAll(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await gateway?.stop();
  await proxy?.close();
  await upstream?.stop();
  await authorization?.close();
});

async function connectAs(user: UserName) {
  authorization.signInAs = user;
  const oauth = new InMemoryOAuthClient();
  const transport = new StreamableHTTPClientTransport(new URL(gateway.url), {
    authProvider: oauth,
  });
  await new Client({ name: "auth-test", version: "1.0.0" }).connect(transport).catch(() => {});
  await transport.finishAuth(oauth.callback ?? new URLSearchParams());
  const client = new Client({ name: "auth-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(gateway.url), { authProvider: oauth }),
  );
  clients.push(client);
  return { client, token: oauth.storedTokens?.access_token ?? "" };
}

describe("the gateway as an OAuth resource server", () => {
  it("publishes its resource metadata with the scopes of everything behind it", async () => {
    const metadataUrl = gateway.url.replace("/mcp", "/.well-known/oauth-protected-resource/mcp");
    const metadata = (await (await fetch(metadataUrl)).json()) as { scopes_supported: string[] };
    expect([...metadata.scopes_supported].sort()).toEqual(
      ["campaign:read", "campaign:write", "gateway:admin", "tabletop:play"].sort(),
    );
  });

  it("serves an HTTP upstream that needs client credentials, which never sees the client's token", async () => {
    const { client, token } = await connectAs("gm");
    const result = await client.callTool({ name: "remote__duality_rules_version", arguments: {} });
    expect(result.isError).toBeFalsy();
    const builtin = await client.callTool({ name: "roll", arguments: { notation: "1d6" } });
    expect(builtin.isError).toBeFalsy();

    expect(proxy.requests.length).toBeGreaterThan(0);
    const signature = token.split(".")[2] ?? token;
    for (const recorded of proxy.requests) {
      expect(recorded.headers.authorization).toMatch(/^Bearer \S+$/);
      expect(recorded.headers.authorization).not.toBe(`Bearer ${token}`);
      expect(JSON.stringify(recorded.headers)).not.toContain(signature);
      expect(recorded.body).not.toContain(signature);
    }
    expect(authorization.machineTokens).toBeGreaterThanOrEqual(1);
  });

  it("tells only a trusted upstream who calls, and drops a subject the client claims", async () => {
    const { client } = await connectAs("player");
    await client.callTool({
      name: "remote__duality_rules_version",
      arguments: {},
      _meta: { "tabletop/subject": "gm" },
    });
    const call = proxy.requests
      .map((recorded) => JSON.parse(recorded.body || "null") as Record<string, unknown> | null)
      .filter((message) => message?.method === "tools/call")
      .at(-1);
    const params = (call?.params ?? {}) as { _meta?: Record<string, unknown> };
    expect(params._meta?.["tabletop/subject"]).toBe("player");
  });

  it("needs gateway:admin for gateway://stats and the health details", async () => {
    const player = await connectAs("player");
    const session = await openSession(gateway.url, player.token);
    const refused = await postMcp(
      gateway.url,
      { jsonrpc: "2.0", id: 2, method: "resources/read", params: { uri: "gateway://stats" } },
      { authorization: `Bearer ${player.token}`, "mcp-session-id": session },
    );
    expect(refused.status).toBe(403);
    expect(refused.headers.get("www-authenticate")).toContain(
      'error="insufficient_scope", scope="gateway:admin"',
    );
    const gm = await connectAs("gm");
    const stats = await gm.client.readResource({ uri: "gateway://stats" });
    expect(JSON.stringify(stats)).toContain("upstreams");
    const health = (token: string) =>
      fetch(gateway.url.replace("/mcp", "/mcp/health"), {
        headers: { authorization: `Bearer ${token}` },
      }).then((response) => response.json());
    expect(await health(player.token)).toEqual({ status: "ok" });
    expect(await health(gm.token)).toMatchObject({ status: "ok", name: "tabletop-gateway" });
    const text = JSON.stringify(await health(gm.token));
    expect(text).not.toContain(MACHINE_CLIENT.secret);
  });

  it("refuses a builtin tool with 403 insufficient_scope before routing it", async () => {
    const token = await machineToken(authorization.issuer, gateway.url, "campaign:read");
    const session = await openSession(gateway.url, token);
    const refused = await postMcp(
      gateway.url,
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "roll", arguments: {} } },
      { authorization: `Bearer ${token}`, "mcp-session-id": session },
    );
    expect(refused.status).toBe(403);
    expect(refused.headers.get("www-authenticate")).toContain(
      'error="insufficient_scope", scope="tabletop:play"',
    );
  });
});

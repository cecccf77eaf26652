import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from "@modelcontextprotocol/client";
import { type HttpProcess, startHttpCommand } from "@tabletop-mcp/kit/testing";
import { decodeJwt } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type AuthorizationServer,
  MACHINE_CLIENT,
  startAuthorizationServer,
  type UserName,
} from "./support/authorization-server.js";
import { CAMPAIGN, DICE } from "./support/commands.js";
import { machineToken } from "./support/machine-token.js";
import { InMemoryOAuthClient } from "./support/oauth-client.js";
import { openSession, postMcp, toolCall } from "./support/raw.js";

let authorization: AuthorizationServer;
let dice: HttpProcess;
let campaign: HttpProcess;
const clients: Client[] = [];

beforeAll(async () => {
  authorization = await startAuthorizationServer();
  const issuer = ["--auth-issuer", authorization.issuer];
  [dice, campaign] = await Promise.all([
    startHttpCommand(DICE, issuer),
    startHttpCommand(CAMPAIGN, [...issuer, "--db", ":memory:"]),
  ]);
});
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
afterAll(async () => {
  await Promise.all([dice?.stop(), campaign?.stop()]);
  await authorization?.close();
});

/** Connects the SDK client with its OAuth provider, signing in as `user` when asked to. */
async function connectWithOAuth(url: string, user: UserName, oauth = new InMemoryOAuthClient()) {
  authorization.signInAs = user;
  const first = new Client({ name: "auth-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(url), { authProvider: oauth });
  await expect(first.connect(transport)).rejects.toThrow(UnauthorizedError);
  if (!oauth.callback) throw new Error("the browser brought back no code");
  await transport.finishAuth(oauth.callback);
  const client = new Client({ name: "auth-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: oauth }));
  clients.push(client);
  return { client, oauth };
}

describe("OAuth 2.1 end to end, with a real authorization server and the SDK's OAuth client", () => {
  it("answers an anonymous request with 401 pointing at the resource metadata", async () => {
    const response = await postMcp(dice.url, toolCall(1, "roll", { notation: "1d6" }));
    expect(response.status).toBe(401);
    const metadataUrl = dice.url.replace("/mcp", "/.well-known/oauth-protected-resource/mcp");
    expect(response.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${metadataUrl}"`,
    );
    const metadata = await (await fetch(metadataUrl)).json();
    expect(metadata).toEqual({
      resource: dice.url,
      authorization_servers: [authorization.issuer],
      scopes_supported: ["tabletop:play"],
      bearer_methods_supported: ["header"],
      resource_name: "tabletop-dice",
    });
    const unsuffixed = await fetch(
      dice.url.replace("/mcp", "/.well-known/oauth-protected-resource"),
    );
    expect(await unsuffixed.json()).toEqual(metadata);
  });

  it("discovers, registers, authorizes with PKCE and calls tools with a token bound to the resource", async () => {
    const { client, oauth } = await connectWithOAuth(dice.url, "gm");
    const result = await client.callTool({ name: "roll", arguments: { notation: "2d6" } });
    expect(result.isError).toBeFalsy();
    const { total } = (result.structuredContent as { result: { total: number } }).result;
    expect(total).toBeGreaterThanOrEqual(2);
    expect(total).toBeLessThanOrEqual(12);
    expect(oauth.client?.client_id).toBeTruthy();
    expect(oauth.client?.client_id).not.toBe(MACHINE_CLIENT.id);
    const claims = decodeJwt(oauth.storedTokens?.access_token ?? "");
    expect(claims).toMatchObject({ sub: "gm", aud: dice.url, iss: authorization.issuer });
    expect(String(claims.scope).split(" ")).toContain("tabletop:play");
    expect(oauth.redirects).toBe(1);
  });

  it("refreshes an expired access token with the refresh token, without asking the user again", async () => {
    const oauth = new InMemoryOAuthClient();
    // The authorization server mints the first tokens two hours in the past: the access token
    // is long expired when the client first uses it, the refresh token is not.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 2 * 3_600_000 });
    authorization.signInAs = "player";
    const first = new Client({ name: "auth-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(dice.url), { authProvider: oauth });
    await expect(first.connect(transport)).rejects.toThrow(UnauthorizedError);
    await transport.finishAuth(oauth.callback ?? new URLSearchParams());
    vi.useRealTimers();
    const expired = oauth.storedTokens?.access_token ?? "";
    expect(decodeJwt(expired).exp).toBeLessThan(Date.now() / 1000 - 3600);
    const refused = await postMcp(dice.url, toolCall(1, "roll", { notation: "1d6" }), {
      authorization: `Bearer ${expired}`,
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain('error="invalid_token"');

    const client = new Client({ name: "auth-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(dice.url), { authProvider: oauth }),
    );
    clients.push(client);
    const result = await client.callTool({ name: "roll", arguments: { notation: "1d6" } });
    expect(result.isError).toBeFalsy();
    const fresh = oauth.storedTokens?.access_token ?? "";
    expect(fresh).not.toBe(expired);
    expect(decodeJwt(fresh).exp).toBeGreaterThan(Date.now() / 1000);
    expect(decodeJwt(fresh).sub).toBe("player");
    expect(oauth.redirects).toBe(1);
  });

  it("refuses a token the same issuer minted for another resource", async () => {
    const other = await machineToken(
      authorization.issuer,
      "http://127.0.0.1:9/mcp",
      "tabletop:play",
    );
    const refused = await postMcp(dice.url, toolCall(1, "roll", { notation: "1d6" }), {
      authorization: `Bearer ${other}`,
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(
      /^Bearer error="invalid_token", error_description="the token is for another resource", resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"$/,
    );
    const ours = await machineToken(authorization.issuer, dice.url, "tabletop:play");
    expect(await openSession(dice.url, ours)).toMatch(/\S/);
  });

  it("lists every tool to a token without the scope, and refuses the call with 403 insufficient_scope", async () => {
    const token = await machineToken(authorization.issuer, campaign.url, "campaign:read");
    const session = await openSession(campaign.url, token);
    const headers = { authorization: `Bearer ${token}`, "mcp-session-id": session };
    const listed = await postMcp(
      campaign.url,
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
      headers,
    );
    expect(listed.status).toBe(200);
    expect(await listed.text()).toContain('"name":"campaign_create"');
    const refused = await postMcp(
      campaign.url,
      toolCall(3, "campaign_create", { name: "Mine", gm_mode: "HUMAN" }),
      headers,
    );
    expect(refused.status).toBe(403);
    const metadataUrl = campaign.url.replace("/mcp", "/.well-known/oauth-protected-resource/mcp");
    expect(refused.headers.get("www-authenticate")).toBe(
      `Bearer error="insufficient_scope", scope="campaign:write", resource_metadata="${metadataUrl}"`,
    );
    expect(await refused.json()).toEqual({
      jsonrpc: "2.0",
      error: {
        code: -32000,
        message:
          "Forbidden: this request needs the scope campaign:write, which the token does not grant",
      },
      id: null,
    });
  });

  it("lets a player with campaign:write create a campaign", async () => {
    const { client } = await connectWithOAuth(campaign.url, "player");
    const result = await client.callTool({
      name: "campaign_create",
      arguments: { name: "Ours", gm_mode: "HUMAN" },
    });
    expect(result.isError).toBeFalsy();
  });

  it("answers another subject's session id as an unknown session", async () => {
    const gmToken = await tokenOf("gm");
    const playerToken = await tokenOf("player");
    const gmSession = await openSession(dice.url, gmToken);
    const asPlayer = await postMcp(dice.url, toolCall(2, "roll", { notation: "1d6" }), {
      authorization: `Bearer ${playerToken}`,
      "mcp-session-id": gmSession,
    });
    const unknown = await postMcp(dice.url, toolCall(2, "roll", { notation: "1d6" }), {
      authorization: `Bearer ${playerToken}`,
      "mcp-session-id": "00000000-0000-4000-8000-000000000000",
    });
    expect(asPlayer.status).toBe(404);
    expect(await asPlayer.json()).toEqual(await unknown.json());
    const asGm = await postMcp(dice.url, toolCall(2, "roll", { notation: "1d6" }), {
      authorization: `Bearer ${gmToken}`,
      "mcp-session-id": gmSession,
    });
    expect(asGm.status).toBe(200);
  });
});

async function tokenOf(user: UserName): Promise<string> {
  const { oauth } = await connectWithOAuth(dice.url, user);
  return oauth.storedTokens?.access_token ?? "";
}

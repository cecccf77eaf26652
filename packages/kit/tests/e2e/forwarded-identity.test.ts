import { spawnSync } from "node:child_process";
import type { Client } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { connectStdio, FIXTURE_ENTRY, structured } from "./harness.js";

const TRUST = { MCP_TRUST_GATEWAY_IDENTITY: "1" };
const ALICE = {
  "tabletop/subject": "alice",
  "tabletop/scopes": ["campaign:read"],
  "tabletop/name": "Alice",
};

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function connect(env: Record<string, string> = TRUST): Promise<Client> {
  const { client } = await connectStdio([], env);
  clients.push(client);
  return client;
}

function whoami(client: Client, meta?: Record<string, unknown>) {
  return client.callTool({ name: "whoami", arguments: {}, ...(meta ? { _meta: meta } : {}) });
}

async function reader(client: Client, meta?: Record<string, unknown>): Promise<unknown> {
  const { contents } = await client.readResource({
    uri: "whoami://reader",
    ...(meta ? { _meta: meta } : {}),
  });
  const first = contents[0];
  return JSON.parse(first && "text" in first ? first.text : "null");
}

describe("a stdio server started to trust a gateway's identity", () => {
  it("declares that it takes forwarded identity and tags updates by caller", async () => {
    const client = await connect();
    expect(client.getServerCapabilities()?.experimental).toEqual({
      "tabletop/forwarded-identity": {},
      "tabletop/subject-updates": {},
    });
  });

  it("knows each request's caller by the forwarded subject, scopes and name", async () => {
    const client = await connect();
    const alice = { subject: "alice", name: "Alice", scopes: ["campaign:read"] };
    expect(structured(await whoami(client, ALICE))).toEqual(alice);
    expect(await reader(client, ALICE)).toEqual(alice);
    const bob = { "tabletop/subject": "bob", "tabletop/scopes": ["tabletop:play"] };
    expect(structured(await whoami(client, bob))).toEqual({
      subject: "bob",
      scopes: ["tabletop:play"],
    });
  });

  it("refuses what the forwarded scopes do not cover, as the HTTP layer does", async () => {
    const client = await connect();
    await expect(
      client.callTool({ name: "counter_increment", arguments: {}, _meta: ALICE }),
    ).rejects.toThrow("needs the scope campaign:write, which the caller does not hold");
    await expect(
      client.readResource({ uri: "counter://value", _meta: ALICE }),
    ).resolves.toBeDefined();
  });

  it("treats a request that names no caller as nobody with no scope, never as local", async () => {
    const client = await connect();
    expect(await reader(client)).toEqual({ subject: "", scopes: [] });
    await expect(client.readResource({ uri: "counter://value" })).rejects.toThrow(
      "needs the scope campaign:read",
    );
  });

  it("keeps the local user without the flag, whatever the request's _meta says", async () => {
    const client = await connect({});
    expect(client.getServerCapabilities()?.experimental).toBeUndefined();
    expect(structured(await whoami(client, ALICE))).toMatchObject({ subject: "local" });
  });

  it.each([
    ["the flag", ["--trust-gateway-identity"], {}],
    ["the environment variable", [], TRUST],
  ])("refuses %s over HTTP with exit 2", (_what, args, env) => {
    const run = spawnSync(
      process.execPath,
      [FIXTURE_ENTRY, "--transport", "http", "--port", "0", ...args],
      { encoding: "utf8", env: { PATH: process.env.PATH ?? "", ...env }, timeout: 20_000 },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      "--trust-gateway-identity (MCP_TRUST_GATEWAY_IDENTITY) applies only to --transport stdio",
    );
  });
});

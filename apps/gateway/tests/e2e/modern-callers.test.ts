// docs/gateway.md §4.7: a 2026-07-28 request has no session, so what a 2025 session gets for
// itself is kept per caller: its own child of a per_session stdio upstream and its own session
// with a 2025 HTTP upstream, shared by its requests and closed after the idle time; builtins
// are one instance for everybody, as their packages serve that era, each request carrying its
// own caller.
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { clientOptions } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  directRecord,
  fixtureStdio,
  type HttpChild,
  isAlive,
  startFixtureHttpProcess,
  startGatewayHttp,
  tempFolder,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";

const IDLE_MS = 1_500;
const TOKENS = {
  alice: "callers-alice-token-0123456789abcdef",
  bob: "callers-bob-token-0123456789abcdef",
};

let remote: HttpChild;
let gateway: HttpChild;
const clients: Client[] = [];

beforeAll(async () => {
  remote = await startFixtureHttpProcess(["--name", "remote", "--tools", "echo,_record"]);
  const folder = tempFolder();
  const digest = (token: string) => createHash("sha256").update(token).digest("hex");
  const scopes = ["campaign:read", "campaign:write", "tabletop:play"];
  const table = join(folder, "tokens.json");
  writeFileSync(
    table,
    JSON.stringify({
      tokens: Object.entries(TOKENS).map(([sub, token]) => ({
        sha256: digest(token),
        sub,
        scopes,
      })),
    }),
  );
  const config = writeConfig(
    {
      mcpServers: {
        dice: { builtin: "dice", options: { seed: "tabletop" }, rate_limit_ms: 0 },
        campaign: { builtin: "campaign", options: { dbPath: ":memory:" } },
        each: fixtureStdio(["--name", "each", "--tools", "echo,_record"], {
          prefix: "e",
          per_session: true,
        }),
        remote: { url: remote.url, prefix: "r" },
      },
    },
    folder,
  );
  gateway = await startGatewayHttp([
    "--config",
    config,
    "--auth-tokens",
    table,
    "--session-idle-ms",
    String(IDLE_MS),
  ]);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
  await cleanupAll();
});

/** A 2026-07-28 client of the gateway holding `who`'s token. */
async function connect(who: keyof typeof TOKENS): Promise<Client> {
  const client = new Client({ name: `caller-${who}`, version: "1.0.0" }, clientOptions("modern"));
  const headers = { authorization: `Bearer ${TOKENS[who]}` };
  await client.connect(
    new StreamableHTTPClientTransport(new URL(gateway.url), { requestInit: { headers } }),
  );
  clients.push(client);
  return client;
}

function structured(result: Awaited<ReturnType<typeof call>>): Record<string, unknown> {
  if (result.isError) throw new Error(`call failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Record<string, unknown>;
}

/** The pid of the per_session child that answers this client's call. */
async function childPid(client: Client): Promise<number> {
  return structured(await call(client, "e___record")).pid as number;
}

/** The remote fixture's sessions opened by the gateway for a client named so. */
async function remoteSessionsOf(clientName: string): Promise<string[]> {
  const record = await directRecord(remote.url);
  return Object.entries(record.sessions)
    .filter(([, session]) => (session.client as { name?: string } | undefined)?.name === clientName)
    .map(([id]) => id);
}

describe("a caller's 2026-07-28 requests through the gateway", () => {
  it("share the caller's own per_session child, which another caller does not, until the idle time", async () => {
    const alice = await connect("alice");
    const again = await connect("alice");
    const bob = await connect("bob");
    const first = await childPid(alice);
    expect(await childPid(alice)).toBe(first);
    expect(await childPid(again)).toBe(first);
    const bobs = await childPid(bob);
    expect(bobs).not.toBe(first);
    expect(isAlive(first)).toBe(true);
    // No request of Alice's for the idle time: her child is stopped; her next request starts one.
    await waitFor(() => !isAlive(first), "alice's child to stop after the idle time", 10_000);
    const next = await childPid(alice);
    expect(next).not.toBe(first);
    expect(isAlive(next)).toBe(true);
  });

  it("share one session with a 2025 HTTP upstream per caller, deleted after the idle time", async () => {
    const alice = await connect("alice");
    for (let index = 0; index < 3; index++) {
      expect(structured(await call(alice, "r__echo", { index })).arguments).toEqual({ index });
    }
    const sessions = await remoteSessionsOf("caller-alice");
    expect(sessions).toHaveLength(1);
    const bob = await connect("bob");
    await call(bob, "r__echo", {});
    expect(await remoteSessionsOf("caller-bob")).toHaveLength(1);
    await waitFor(
      async () => (await directRecord(remote.url)).deletes.includes(sessions[0] ?? ""),
      "alice's upstream session to be deleted after the idle time",
      10_000,
    );
  });

  it("roll a seeded dice builtin from one generator, as the dice server serves that era", async () => {
    // The same five d20s the standalone server rolls for its first modern calls with this seed
    // (packages/dice tests): one instance for every request, not a fresh generator each time.
    const alice = await connect("alice");
    const bob = await connect("bob");
    const totals: number[] = [];
    for (const client of [alice, bob, alice, bob, alice]) {
      const body = structured(await call(client, "roll_dice", { dice_count: 1, dice_sides: 20 }));
      totals.push((body.result as { total: number }).total);
    }
    expect(totals).toEqual([6, 19, 6, 10, 16]);
  });

  it("each reach the shared campaign builtin as their own caller, even at once", async () => {
    const alice = await connect("alice");
    const bob = await connect("bob");
    const [mine, theirs] = await Promise.all([
      call(alice, "campaign_create", { name: "Alice's", gm_mode: "HUMAN" }),
      call(bob, "campaign_create", { name: "Bob's", gm_mode: "HUMAN" }),
    ]);
    const aliceCampaign = structured(mine).id as string;
    const bobCampaign = structured(theirs).id as string;
    const read = (client: Client, id: string) => client.readResource({ uri: `campaign://${id}` });
    const reads = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) =>
        index % 2 === 0 ? read(alice, bobCampaign) : read(bob, aliceCampaign),
      ),
    );
    // Neither may read the other's campaign, however their calls interleave.
    for (const outcome of reads) expect(outcome.status).toBe("rejected");
    const own = await read(alice, aliceCampaign);
    expect(own.contents[0] && "text" in own.contents[0] ? own.contents[0].text : "").toContain(
      "Alice's",
    );
    // A context set by one request is no default for the next: it lives in the handle.
    const set = structured(await call(alice, "set_context", { campaign_id: aliceCampaign }));
    expect(set.context).toMatch(/^ctx_/);
    expect((await call(alice, "session_start", {})).isError).toBe(true);
    expect(structured(await call(alice, "session_start", { context: set.context }))).toMatchObject({
      campaign_id: aliceCampaign,
    });
  });
});

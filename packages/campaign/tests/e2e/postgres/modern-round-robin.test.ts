import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type CallToolResult,
  Client,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { clientOptions } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Balancer,
  findHaproxy,
  SERVED_BY_HEADER,
  startHaproxy,
} from "../../support/haproxy.mjs";
import { runSql } from "../../support/sql.mjs";
import { newPostgresDatabase, type TestDatabase } from "../../support/store-under-test.js";
import { writeTokenTable } from "../../support/token-table.js";
import { callOk, type HttpChild, readJson, structured } from "../harness.js";
import {
  expectAcknowledgedKept,
  expectChainedChanges,
  expectGaplessSeqs,
  expectWholeCalls,
  killReplica,
  readWholeLog,
  startReplica,
} from "./replica-harness.js";

const haproxy = findHaproxy();
if (!haproxy && process.env.CI) {
  throw new Error("haproxy is needed for the round-robin tests when CI is set");
}
if (!haproxy) process.stderr.write("modern round robin: skipped, no haproxy on this machine\n");

const SUBJECTS = ["gm", "player"] as const;

/** A 2026-07-28 client: which replica answered each request, and what its streams heard. */
interface ModernClient {
  client: Client;
  /** The replica (`r1`, `r2`) named by each answer that came through the balancer. */
  servedBy: string[];
  heard: string[];
}

async function connectModern(url: string, token?: string): Promise<ModernClient> {
  const servedBy: string[] = [];
  const heard: string[] = [];
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers },
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      const replica = response.headers.get(SERVED_BY_HEADER);
      if (replica) servedBy.push(replica);
      return response;
    },
  });
  const client = new Client(
    { name: "round-robin-test", version: "1.0.0" },
    clientOptions("modern"),
  );
  client.setNotificationHandler("notifications/resources/updated", ({ params }) => {
    heard.push(params.uri);
  });
  await client.connect(transport);
  expect(client.getProtocolEra()).toBe("modern");
  return { client, servedBy, heard };
}

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe.skipIf(!haproxy)(
  "modern clients behind plain round robin, no stickiness, no session store (docs/campaign.md §10.7)",
  () => {
    const cleanups: (() => Promise<void> | void)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    describe("two replicas with a token table", () => {
      let database: TestDatabase;
      let tokens: Map<string, string>;
      let replicas: HttpChild[];
      let balancer: Balancer;

      beforeAll(async () => {
        database = await newPostgresDatabase();
        const directory = mkdtempSync(join(tmpdir(), "campaign-round-robin-"));
        cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
        const table = writeTokenTable(directory, SUBJECTS);
        tokens = table.tokens;
        const flags = ["--auth-tokens", table.file];
        replicas = await Promise.all([1, 2].map(() => startReplica(database.location, flags)));
        balancer = await startHaproxy(
          haproxy ?? "haproxy",
          replicas.map((replica) => replica.url),
          "roundrobin",
        );
        cleanups.push(database.remove, ...replicas.map((replica) => replica.stop), balancer.stop);
      });

      it("serve every tool, resource and context handle whichever replica answers", async () => {
        const gm = await connectModern(balancer.url, tokens.get("gm"));
        const player = await connectModern(balancer.url, tokens.get("player"));
        const campaign = await callOk(gm.client, "campaign_create", {
          name: "Anywhere",
          gm_mode: "HUMAN",
        });
        const seat = await callOk(gm.client, "participant_create", {
          campaign_id: campaign.id,
          display_name: "Rin",
          role: "PLAYER",
          user: "player",
        });
        const hero = await callOk(gm.client, "character_create", {
          campaign_id: campaign.id,
          name: "Ash",
          kind: "PC",
        });
        await callOk(gm.client, "character_control_set", {
          campaign_id: campaign.id,
          character_id: hero.id,
          controller: seat.id,
        });
        const session = await callOk(gm.client, "session_start", { campaign_id: campaign.id });
        const context = await callOk(gm.client, "set_context", {
          campaign_id: campaign.id,
          session_id: session.id,
        });
        const handle = context.context as string;
        expect(handle).toMatch(/^ctx_/);
        // The handle is kept in the store: every replica resolves it, call after call.
        const before = gm.servedBy.length;
        for (let turn = 0; turn < 4; turn++) {
          const note = await callOk(gm.client, "session_note_add", {
            context: handle,
            text: `turn ${turn}`,
          });
          expect(note.seq).toEqual(expect.any(Number));
          expect(await readJson(gm.client, `context://${handle}`)).toMatchObject({
            context: handle,
            campaign_id: campaign.id,
            session_id: session.id,
          });
        }
        expect(new Set(gm.servedBy.slice(before))).toEqual(new Set(["r1", "r2"]));

        // The player's seat, made on one replica, is known to both.
        const playerContext = await callOk(player.client, "set_context", {
          campaign_id: campaign.id,
          session_id: session.id,
        });
        const rolls: number[] = [];
        for (let turn = 0; turn < 2; turn++) {
          const roll = await callOk(player.client, "session_action_roll", {
            context: playerContext.context,
            character_id: hero.id,
            trait: "agility",
            difficulty: 10,
          });
          rolls.push(roll.roll_seq as number);
          await callOk(player.client, "session_roll_outcome_apply", {
            context: playerContext.context,
            roll_seq: roll.roll_seq,
          });
        }
        expect(new Set(player.servedBy)).toEqual(new Set(["r1", "r2"]));
        const log = await readJson(player.client, `session://${session.id}/events?limit=50`);
        const applied = (log.events as { type: string; payload_json: string }[])
          .filter((event) => event.type === "OUTCOME_APPLIED")
          .map((event) => (JSON.parse(event.payload_json) as { roll_seq: number }).roll_seq);
        expect(applied.sort()).toEqual(rolls.sort());
        // A handle is its subject's alone, on every replica.
        for (let turn = 0; turn < 2; turn++) {
          await expect(
            player.client.readResource({ uri: `context://${handle}` }),
          ).rejects.toMatchObject({ code: -32602, message: "context not found" });
        }
        await gm.client.close();
        await player.client.close();
      });

      it("tell a listener on replica B of writes served by replica A, filtered by role", async () => {
        const [replicaA, replicaB] = replicas;
        if (!replicaA || !replicaB) throw new Error("two replicas expected");
        const writer = await connectModern(replicaA.url, tokens.get("gm"));
        const campaign = await callOk(writer.client, "campaign_create", {
          name: "Overheard",
          gm_mode: "HUMAN",
        });
        await callOk(writer.client, "participant_create", {
          campaign_id: campaign.id,
          display_name: "Pell",
          role: "PLAYER",
          user: "player",
        });
        const session = await callOk(writer.client, "session_start", { campaign_id: campaign.id });
        const logUri = `session://${session.id}/events`;
        const charactersUri = `campaign://${campaign.id}/characters`;
        const gmListener = await connectModern(replicaB.url, tokens.get("gm"));
        const playerListener = await connectModern(replicaB.url, tokens.get("player"));
        const filter = { resourceSubscriptions: [logUri, charactersUri] };
        const gmStream = await gmListener.client.listen(filter);
        const playerStream = await playerListener.client.listen(filter);

        await callOk(writer.client, "session_note_add", {
          session_id: session.id,
          text: "the duke is the spy",
          gm_only: true,
        });
        await expect.poll(() => gmListener.heard).toEqual([logUri]);
        // A new character changes the characters and the session's log, which both may read.
        await callOk(writer.client, "character_create", {
          campaign_id: campaign.id,
          name: "Wren",
          kind: "PC",
        });
        const sorted = (uris: readonly string[]) => [...uris].sort();
        await expect
          .poll(() => sorted(gmListener.heard))
          .toEqual(sorted([logUri, logUri, charactersUri]));
        await expect
          .poll(() => sorted(playerListener.heard))
          .toEqual(sorted([logUri, charactersUri]));
        // A note for everyone reaches the player: the GM-only one, sent before it, never did.
        await callOk(writer.client, "session_note_add", {
          session_id: session.id,
          text: "everyone sees this",
        });
        await expect
          .poll(() => sorted(playerListener.heard))
          .toEqual(sorted([logUri, logUri, charactersUri]));
        await expect
          .poll(() => sorted(gmListener.heard))
          .toEqual(sorted([logUri, logUri, logUri, charactersUri]));

        await gmStream.close();
        await playerStream.close();
        for (const each of [writer, gmListener, playerListener]) await each.client.close();
      });

      it("announce once what a listener on B listens to when B's listening connection was cut, since changes may have been missed", async () => {
        const [replicaA, replicaB] = replicas;
        if (!replicaA || !replicaB) throw new Error("two replicas expected");
        const writer = await connectModern(replicaA.url, tokens.get("gm"));
        const campaign = await callOk(writer.client, "campaign_create", {
          name: "Cut",
          gm_mode: "HUMAN",
        });
        const campaignUri = `campaign://${campaign.id}`;
        const sessionsUri = `campaign://${campaign.id}/sessions`;
        const listener = await connectModern(replicaB.url, tokens.get("gm"));
        const stream = await listener.client.listen({
          resourceSubscriptions: [campaignUri, sessionsUri],
        });
        const terminated = await runSql(
          database.location,
          "SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE application_name = $1",
          [`tabletop-campaign listener ${replicaB.child.pid}`],
        );
        expect(terminated).toEqual([{ done: true }]);
        await expect
          .poll(() => [...listener.heard].sort(), { timeout: 10_000 })
          .toEqual([campaignUri, sessionsUri]);
        await pause(300);
        expect([...listener.heard].sort()).toEqual([campaignUri, sessionsUri]);

        // Listening again, B hears A's writes as before.
        listener.heard.length = 0;
        await callOk(writer.client, "session_start", { campaign_id: campaign.id });
        await expect.poll(() => listener.heard).toEqual([sessionsUri]);
        await stream.close();
        await writer.client.close();
        await listener.client.close();
      });
    });

    it("end a killed replica's listen stream as `remote`; listening again hears every write from then on", async () => {
      const database = await newPostgresDatabase();
      const doomed = await startReplica(database.location);
      const survivor = await startReplica(database.location);
      const outsider = await startReplica(database.location);
      const balancer = await startHaproxy(
        haproxy ?? "haproxy",
        [doomed.url, survivor.url],
        "roundrobin",
      );
      cleanups.push(database.remove, doomed.stop, survivor.stop, outsider.stop, balancer.stop);
      const setup = await connectModern(survivor.url);
      const campaign = await callOk(setup.client, "campaign_create", {
        name: "Cut off",
        gm_mode: "AI",
      });
      const uri = `campaign://${campaign.id}`;
      const listener = await connectModern(doomed.url);
      const first = await listener.client.listen({ resourceSubscriptions: [uri] });
      await callOk(setup.client, "gm_fear_adjust", { campaign_id: campaign.id, delta: 1 });
      await expect.poll(() => listener.heard).toEqual([uri]);

      await killReplica(doomed);
      expect(await first.closed).toBe("remote");

      // Listening again through the balancer reaches the replica still alive.
      const again = await connectModern(balancer.url);
      const second = await again.client.listen({ resourceSubscriptions: [uri] });
      expect(again.servedBy).toContain("r2");
      const writers = [await connectModern(survivor.url), await connectModern(outsider.url)];
      const writes = 10;
      for (let index = 0; index < writes; index++) {
        const writer = writers[index % 2] as ModernClient;
        await callOk(writer.client, "gm_fear_adjust", { campaign_id: campaign.id, delta: 1 });
      }
      await expect.poll(() => again.heard.length).toBe(writes);
      await pause(300);
      expect(again.heard).toEqual(Array.from({ length: writes }, () => uri));

      await second.close();
      for (const each of [setup, listener, again, ...writers]) {
        await each.client.close().catch(() => undefined);
      }
    });

    it("let 16 clients write to one campaign for 30 s, a replica SIGKILLed mid-run, with no update lost, no seq gap or repeat, each outcome applied at most once, and every next call answered", async () => {
      const RUN_MS = 30_000;
      const KILL_AFTER_MS = 15_000;
      const database = await newPostgresDatabase();
      const replicas = [
        await startReplica(database.location),
        await startReplica(database.location),
      ];
      const balancer = await startHaproxy(
        haproxy ?? "haproxy",
        replicas.map((replica) => replica.url),
        "roundrobin",
      );
      cleanups.push(database.remove, ...replicas.map((replica) => replica.stop), balancer.stop);
      const setup = await connectModern(balancer.url);
      const campaign = await callOk(setup.client, "campaign_create", {
        name: "Stampede",
        gm_mode: "AI",
      });
      const character = await callOk(setup.client, "character_create", {
        campaign_id: campaign.id,
        name: "Runner",
        kind: "PC",
      });
      const session = await callOk(setup.client, "session_start", { campaign_id: campaign.id });
      const handle = (
        await callOk(setup.client, "set_context", {
          campaign_id: campaign.id,
          session_id: session.id,
        })
      ).context as string;

      /** Each client's calls in order: `ok`, `error` (a tool error) or `failed` (no answer). */
      const outcomes: string[][] = [];
      const failures: string[][] = [];
      const notes = new Map<number, string>();
      const rolls = new Set<number>();
      const applications = new Map<number, number>();
      const contested: CallToolResult[][] = [];
      let killed = false;
      let acknowledgedAfterKill = 0;
      const clients = await Promise.all(
        Array.from({ length: 16 }, () => connectModern(balancer.url)),
      );
      const call = async (index: number, name: string, args: Record<string, unknown>) => {
        const client = clients[index] as ModernClient;
        try {
          const result = (await client.client.callTool(
            { name, arguments: args },
            { timeout: 10_000 },
          )) as CallToolResult;
          outcomes[index]?.push(result.isError ? "error" : "ok");
          if (killed && !result.isError) acknowledgedAfterKill++;
          return result;
        } catch (error) {
          outcomes[index]?.push("failed");
          // What the client saw, for the failure message: e.g. "other side closed".
          const cause = (error as { cause?: unknown }).cause;
          const seen = `${name} at ${Date.now() - started} ms: ${String(error)}${cause ? ` (${String(cause)})` : ""}`;
          failures[index] = [...(failures[index] ?? []), seen];
          return undefined;
        }
      };
      const started = Date.now();
      const runPair = async (pair: number) => {
        const left = pair * 2;
        const right = left + 1;
        outcomes[left] = [];
        outcomes[right] = [];
        for (let step = 0; Date.now() - started < RUN_MS; step++) {
          const roller = step % 2 === 0 ? left : right;
          const roll = await call(roller, "session_action_roll", {
            context: handle,
            character_id: character.id,
            trait: "instinct",
            difficulty: 12,
          });
          if (!roll || roll.isError) continue;
          const rollSeq = structured(roll).roll_seq as number;
          rolls.add(rollSeq);
          const applied = await Promise.all(
            [left, right].map((index) =>
              call(index, "session_roll_outcome_apply", {
                session_id: session.id,
                roll_seq: rollSeq,
              }),
            ),
          );
          for (const result of applied) {
            if (!result || result.isError) continue;
            applications.set(rollSeq, (applications.get(rollSeq) ?? 0) + 1);
          }
          const [one, two] = applied;
          if (one && two) contested.push([one, two]);
          await Promise.all(
            [left, right].map(async (index, side) => {
              const text = `pair ${pair} side ${side} step ${step}`;
              const note = await call(index, "session_note_add", { context: handle, text });
              if (note && !note.isError) notes.set(structured(note).seq as number, text);
              await call(index, "gm_fear_adjust", {
                campaign_id: campaign.id,
                delta: side === 0 ? 1 : -1,
              });
            }),
          );
        }
      };
      const killer = (async () => {
        await pause(KILL_AFTER_MS);
        await killReplica(replicas[0] as HttpChild);
        killed = true;
      })();
      await Promise.all([...Array.from({ length: 8 }, (_, pair) => runPair(pair)), killer]);

      // Only calls in flight when the replica died go unanswered, and each client is answered
      // again right after: at most two unanswered calls in a row (the call in flight, and one
      // sent on a connection the balancer closed when answering it 502), never at the end.
      const unanswered = outcomes.flatMap((calls) =>
        calls.filter((outcome) => outcome === "failed"),
      );
      expect(unanswered.length).toBeLessThanOrEqual(32);
      for (const [client, calls] of outcomes.entries()) {
        const longestRun = Math.max(
          0,
          ...calls
            .join(",")
            .split(/ok|error/)
            .map((run) => run.split("failed").length - 1),
        );
        expect({ client, longestRun, last: calls.at(-1) }).toEqual({
          client,
          longestRun: expect.any(Number),
          last: expect.stringMatching(/^(ok|error)$/),
        });
        expect(longestRun, (failures[client] ?? []).join("; ")).toBeLessThanOrEqual(2);
      }
      expect(acknowledgedAfterKill).toBeGreaterThan(0);
      expect(new Set(clients.flatMap((client) => client.servedBy))).toEqual(new Set(["r1", "r2"]));

      const events = await readWholeLog(setup.client, session.id as string);
      expectGaplessSeqs(events);
      expectWholeCalls(events);
      expectAcknowledgedKept(events, { notes, rolls, applications, contested });
      expect(contested.length).toBeGreaterThan(0);
      const finals = expectChainedChanges(events, {
        [`hope:${character.id}`]: 2,
        [`stress:${character.id}`]: 0,
        gm_fear: 0,
      });
      const sheet = await callOk(setup.client, "character_sheet_get", {
        campaign_id: campaign.id,
        character_id: character.id,
      });
      expect(sheet.state).toMatchObject({
        hope: finals[`hope:${character.id}`],
        stress: finals[`stress:${character.id}`],
      });
      const stored = await readJson(setup.client, `campaign://${campaign.id}`);
      expect((stored.campaign as { gm_fear: number }).gm_fear).toBe(finals.gm_fear);
      for (const each of [setup, ...clients]) await each.client.close().catch(() => undefined);
    }, 150_000);
  },
);

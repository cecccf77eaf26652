import type { CallToolResult, Client } from "@modelcontextprotocol/client";
import { afterAll, describe, expect, it } from "vitest";
import { newPostgresDatabase } from "../../support/store-under-test.js";
import { callOk, connectHttp, type HttpChild, readJson } from "../harness.js";
import {
  expectAcknowledgedKept,
  expectChainedChanges,
  expectGaplessSeqs,
  expectWholeCalls,
  killReplica,
  readWholeLog,
  startReplica,
} from "./replica-harness.js";

const PAIRS = 8;
const RUN_MS = 30_000;
const KILL_AFTER_MS = 15_000;
/** A call to a replica that was killed while it was in flight may never be answered. */
const CALL_TIMEOUT_MS = 5_000;

/** What the clients were told succeeded. */
interface Acknowledged {
  notes: Map<number, string>;
  rolls: Set<number>;
  /** roll_seq → how many apply calls succeeded. */
  applications: Map<number, number>;
  /** Rolls whose two simultaneous applications both answered. */
  contested: { rollSeq: number; results: CallToolResult[] }[];
  byKilledReplica: number;
  afterKill: number;
}

/** A client that stops calling once its replica is gone (a transport error). */
class ReplicaClient {
  dead = false;
  constructor(
    readonly client: Client,
    readonly replica: number,
  ) {}

  async call(name: string, args: Record<string, unknown>): Promise<CallToolResult | undefined> {
    if (this.dead) return undefined;
    try {
      return (await this.client.callTool(
        { name, arguments: args },
        {
          timeout: CALL_TIMEOUT_MS,
        },
      )) as CallToolResult;
    } catch {
      this.dead = true;
      return undefined;
    }
  }
}

function structuredOf(result: CallToolResult): Record<string, unknown> {
  return result.structuredContent as Record<string, unknown>;
}

describe("16 clients writing through 2 replicas to one campaign (docs/campaign.md §10.2, §10.4)", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("lose no update, leave no gap or repeated seq, apply each outcome once, and keep every acknowledged write of a replica SIGKILLed mid-run", async () => {
    const database = await newPostgresDatabase();
    const replicas: HttpChild[] = [
      await startReplica(database.location),
      await startReplica(database.location),
    ];
    cleanups.push(database.remove, ...replicas.map((replica) => replica.stop));
    const setup = await connectHttp(replicas[1]?.url ?? "");
    const campaign = await callOk(setup, "campaign_create", { name: "Busy", gm_mode: "AI" });
    const character = await callOk(setup, "character_create", {
      campaign_id: campaign.id,
      name: "Runner",
      kind: "PC",
    });
    const session = await callOk(setup, "session_start", { campaign_id: campaign.id });
    const common = { campaign_id: campaign.id, session_id: session.id };

    const clients: ReplicaClient[][] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      clients.push([
        new ReplicaClient(await connectHttp(replicas[0]?.url ?? ""), 0),
        new ReplicaClient(await connectHttp(replicas[1]?.url ?? ""), 1),
      ]);
    }
    const acknowledged: Acknowledged = {
      notes: new Map(),
      rolls: new Set(),
      applications: new Map(),
      contested: [],
      byKilledReplica: 0,
      afterKill: 0,
    };
    const started = Date.now();
    let killed = false;
    const count = (client: ReplicaClient) => {
      if (client.replica === 0 && !killed) acknowledged.byKilledReplica += 1;
      if (killed) acknowledged.afterKill += 1;
    };

    const runPair = async ([left, right]: ReplicaClient[], pair: number) => {
      if (!left || !right) return;
      for (let step = 0; Date.now() - started < RUN_MS && !(left.dead && right.dead); step++) {
        const roller = step % 2 === 0 && !left.dead ? left : right;
        const roll = await roller.call("session_action_roll", {
          ...common,
          character_id: character.id,
          trait: "instinct",
          difficulty: 12,
        });
        if (!roll || roll.isError) continue;
        count(roller);
        const rollSeq = structuredOf(roll).roll_seq as number;
        acknowledged.rolls.add(rollSeq);
        const applied = await Promise.all(
          [left, right].map((client) =>
            client.call("session_roll_outcome_apply", {
              session_id: session.id,
              roll_seq: rollSeq,
            }),
          ),
        );
        for (const [index, result] of applied.entries()) {
          if (!result || result.isError) continue;
          count(index === 0 ? left : right);
          acknowledged.applications.set(rollSeq, (acknowledged.applications.get(rollSeq) ?? 0) + 1);
        }
        const [first, second] = applied;
        if (first && second) acknowledged.contested.push({ rollSeq, results: [first, second] });
        await Promise.all(
          [left, right].map(async (client, side) => {
            const text = `pair ${pair} side ${side} step ${step}`;
            const note = await client.call("session_note_add", { session_id: session.id, text });
            if (note && !note.isError) {
              count(client);
              acknowledged.notes.set(structuredOf(note).seq as number, text);
            }
            const fear = await client.call("gm_fear_adjust", {
              campaign_id: campaign.id,
              delta: side === 0 ? 1 : -1,
            });
            if (fear && !fear.isError) count(client);
          }),
        );
      }
    };
    const killer = (async () => {
      await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
      await killReplica(replicas[0] as HttpChild);
      killed = true;
    })();
    await Promise.all([...clients.map(runPair), killer]);

    const events = await readWholeLog(setup, session.id as string);
    expectGaplessSeqs(events);
    expectWholeCalls(events);
    expectAcknowledgedKept(events, {
      ...acknowledged,
      contested: acknowledged.contested.map(({ results }) => results),
    });
    const finals = expectChainedChanges(events, {
      [`hope:${character.id}`]: 2,
      [`stress:${character.id}`]: 0,
      gm_fear: 0,
    });
    const sheet = await callOk(setup, "character_sheet_get", {
      campaign_id: campaign.id,
      character_id: character.id,
    });
    const stored = await readJson(setup, `campaign://${campaign.id}`);
    expect(sheet.state).toMatchObject({
      hope: finals[`hope:${character.id}`],
      stress: finals[`stress:${character.id}`],
    });
    expect((stored.campaign as { gm_fear: number }).gm_fear).toBe(finals.gm_fear);
    expect(acknowledged.contested.length).toBeGreaterThan(0);
    expect(acknowledged.byKilledReplica).toBeGreaterThan(0);
    expect(acknowledged.afterKill).toBeGreaterThan(0);
    await Promise.all(clients.flat().map((client) => client.client.close().catch(() => undefined)));
    await setup.close();
    // Thirty seconds of writing, then the whole log read back and checked.
  }, 150_000);

  it("show on replica B every write acknowledged on replica A before the read started", async () => {
    const database = await newPostgresDatabase();
    const replicas = [await startReplica(database.location), await startReplica(database.location)];
    cleanups.push(database.remove, ...replicas.map((replica) => replica.stop));
    const writer = await connectHttp(replicas[0]?.url ?? "");
    const reader = await connectHttp(replicas[1]?.url ?? "");
    const campaign = await callOk(writer, "campaign_create", { name: "Seen", gm_mode: "AI" });
    const character = await callOk(writer, "character_create", {
      campaign_id: campaign.id,
      name: "Echo",
      kind: "PC",
    });
    const session = await callOk(writer, "session_start", { campaign_id: campaign.id });
    const misses: string[] = [];
    for (let step = 0; step < 30; step++) {
      const note = await callOk(writer, "session_note_add", {
        session_id: session.id,
        text: `step ${step}`,
      });
      const hope = step % 7;
      await callOk(writer, "character_state_patch", {
        campaign_id: campaign.id,
        character_id: character.id,
        hope,
      });
      const [log, sheet] = await Promise.all([
        readJson(reader, `session://${session.id}/events?limit=3`),
        callOk(reader, "character_sheet_get", {
          campaign_id: campaign.id,
          character_id: character.id,
        }),
      ]);
      const seqs = (log.events as { seq: number }[]).map((event) => event.seq);
      if (!seqs.includes(note.seq as number)) misses.push(`note ${note.seq} not in ${seqs}`);
      if ((sheet.state as { hope: number }).hope !== hope) misses.push(`hope ${hope} not read`);
    }
    await writer.close();
    await reader.close();

    expect(misses).toEqual([]);
  });

  it("keep Stress within stress_max while two replicas patch the state and the profile at once", async () => {
    const database = await newPostgresDatabase();
    const replicas = [await startReplica(database.location), await startReplica(database.location)];
    cleanups.push(database.remove, ...replicas.map((replica) => replica.stop));
    const profiler = await connectHttp(replicas[0]?.url ?? "");
    const patcher = await connectHttp(replicas[1]?.url ?? "");
    const campaign = await callOk(profiler, "campaign_create", { name: "Strain", gm_mode: "AI" });
    const character = await callOk(profiler, "character_create", {
      campaign_id: campaign.id,
      name: "Taut",
      kind: "PC",
    });
    const session = await callOk(profiler, "session_start", { campaign_id: campaign.id });
    const target = { campaign_id: campaign.id, character_id: character.id };
    const until = Date.now() + 3_000;
    const loop = async (
      client: Client,
      step: (index: number) => Record<string, unknown>,
      tool: string,
    ) => {
      for (let index = 0; Date.now() < until; index++) {
        await client.callTool({ name: tool, arguments: { ...target, ...step(index) } });
      }
    };
    await Promise.all([
      loop(
        profiler,
        (index) => ({ stress_max: index % 2 === 0 ? 2 : 6 }),
        "character_profile_patch",
      ),
      loop(patcher, (index) => ({ stress: (index % 6) + 1 }), "character_state_patch"),
    ]);

    const events = await readWholeLog(profiler, session.id as string);
    let stress = 0;
    let stressMax = 6;
    const broken: number[] = [];
    let patches = 0;
    for (const event of events) {
      const payload = JSON.parse(event.payload_json) as { after?: Record<string, number> };
      if (event.type === "CHARACTER_STATE_PATCHED") stress = payload.after?.stress ?? stress;
      if (event.type === "CHARACTER_PROFILE_PATCHED")
        stressMax = payload.after?.stress_max ?? stressMax;
      if (event.type.startsWith("CHARACTER_")) patches += 1;
      if (stress > stressMax) broken.push(event.seq);
    }
    const sheet = await callOk(patcher, "character_sheet_get", target);
    await profiler.close();
    await patcher.close();

    expect(broken).toEqual([]);
    expect(patches).toBeGreaterThan(10);
    expect(sheet.state).toMatchObject({ stress });
    expect(sheet.profile).toMatchObject({ stress_max: stressMax });
  });
});

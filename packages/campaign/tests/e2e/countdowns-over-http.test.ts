// docs/campaign.md §2.11, §4.32-§4.34: countdowns over HTTP through the SDK client in both
// protocol eras, on the store under test. Values after each tick are worked out by hand; a
// DYNAMIC countdown's tick is worked out from the action roll's own answer and the GM's table.
// Players see a countdown only when it is marked visible, and never its hidden events.
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_KIND } from "../support/store-under-test.js";
import { createCampaign, type GameTable, openGameTable, seatPlayerWithPc } from "./game-table.js";
import { callError, callOk, readJson } from "./harness.js";

const SUBJECTS = ["gm-sub", "player-sub"] as const;
type Subject = (typeof SUBJECTS)[number];

interface Countdown {
  id: string;
  value: number;
  state: string;
  triggered: number;
}

describe.each(["modern", "legacy"] as const)(
  `countdowns over HTTP on ${STORE_KIND}, %s era`,
  (era) => {
    let table: GameTable<Subject>;
    let gm: Client;
    let player: Client;
    let campaignId: string;
    let sessionId: string;
    let ash: string;

    const create = async (args: Record<string, unknown>) =>
      (await callOk(gm, "countdown_create", {
        campaign_id: campaignId,
        ...args,
      })) as unknown as Countdown;
    const tick = async (countdownId: string, args: Record<string, unknown> = {}) =>
      (await callOk(gm, "countdown_tick", {
        countdown_id: countdownId,
        ...args,
      })) as unknown as Countdown;

    beforeAll(async () => {
      table = await openGameTable(era, SUBJECTS);
      gm = await table.connect("gm-sub");
      player = await table.connect("player-sub");
      campaignId = await createCampaign(gm, "Dam");
      ash = await seatPlayerWithPc(gm, player, campaignId, "player-sub", "Ash");
      sessionId = (await callOk(gm, "session_start", { campaign_id: campaignId, name: "One" }))
        .id as string;
    });

    afterAll(async () => {
      await table?.close();
    });

    it("ticks a STANDARD countdown to 0, where it triggers once", async () => {
      const dam = await create({
        name: "The dam breaks",
        start: 3,
        kind: "STANDARD",
        visible_to_players: true,
      });
      expect(dam).toMatchObject({ value: 3, state: "ACTIVE", triggered: 0 });
      expect(await tick(dam.id)).toMatchObject({ value: 2, state: "ACTIVE" });
      expect(await tick(dam.id, { by: 5 })).toMatchObject({
        value: 0,
        state: "TRIGGERED",
        triggered: 1,
      });
      const late = await callError(gm, "countdown_tick", { countdown_id: dam.id });
      expect(late).toMatchObject({
        code: "FAILED_PRECONDITION",
        message: "countdown has triggered",
      });
      const log = await readJson(player, `session://${sessionId}/events?limit=1`);
      const [last] = log.events as { type: string; payload_json: string }[];
      expect(last?.type).toBe("COUNTDOWN_TICKED");
      expect(JSON.parse(last?.payload_json ?? "{}")).toMatchObject({
        before: 2,
        after: 0,
        triggered: true,
      });
    });

    it("starts a LOOP again at each trigger, hidden from the players with its events", async () => {
      const patrol = await create({ name: "The patrol passes", start: 2, kind: "LOOP" });
      expect(await tick(patrol.id, { by: 2 })).toMatchObject({
        value: 2,
        state: "ACTIVE",
        triggered: 1,
      });
      expect(await tick(patrol.id)).toMatchObject({ value: 1, triggered: 1 });
      expect(await tick(patrol.id, { by: 4 })).toMatchObject({ value: 2, triggered: 2 });
      const seen = await readJson(player, `campaign://${campaignId}/countdowns`);
      const names = (seen.countdowns as { name: string }[]).map((countdown) => countdown.name);
      expect(names).toEqual(["The dam breaks"]);
      const gmSeen = await readJson(gm, `campaign://${campaignId}/countdowns`);
      expect((gmSeen.countdowns as unknown[]).length).toBe(2);
      const log = await readJson(player, `session://${sessionId}/events?limit=200`);
      const payloads = (log.events as { type: string; payload_json: string }[])
        .filter((event) => event.type.startsWith("COUNTDOWN"))
        .map((event) => JSON.stringify(event.payload_json));
      expect(payloads.some((payload) => payload.includes("patrol"))).toBe(false);
    });

    it("ticks a DYNAMIC countdown by the result of an action roll, as the GM set", async () => {
      const table = { success: 1, critical: 2, failure_with_hope: 0, failure_with_fear: 3 };
      const flood = await create({ name: "The flood", start: 5, kind: "DYNAMIC", dynamic: table });
      const roll = await callOk(player, "session_action_roll", {
        campaign_id: campaignId,
        session_id: sessionId,
        character_id: ash,
        trait: "agility",
        difficulty: 12,
      });
      const result = roll.crit
        ? "critical"
        : roll.success
          ? "success"
          : roll.flavor === "HOPE"
            ? "failure_with_hope"
            : "failure_with_fear";
      const ticked = await tick(flood.id, { by_roll: roll.roll_seq });
      expect(ticked.value).toBe(5 - table[result]);

      const missing = await callError(gm, "countdown_tick", {
        countdown_id: flood.id,
        by_roll: 9999,
      });
      expect(missing).toMatchObject({ code: "NOT_FOUND", message: "roll not found" });
      const both = await callError(gm, "countdown_tick", {
        countdown_id: flood.id,
        by: 1,
        by_roll: roll.roll_seq,
      });
      expect((both.details as { parameter: string }[])[0]?.parameter).toBe("by_roll");
      const standard = await create({ name: "Plain", start: 4, kind: "STANDARD" });
      const notDynamic = await callError(gm, "countdown_tick", {
        countdown_id: standard.id,
        by_roll: roll.roll_seq,
      });
      expect((notDynamic.details as { parameter: string }[])[0]?.parameter).toBe("by_roll");
      for (const [args, issue] of [
        [{ kind: "DYNAMIC" }, /Required for a DYNAMIC countdown/],
        [{ kind: "LOOP", dynamic: table }, /Only a DYNAMIC countdown/],
      ] as const) {
        const refused = await callError(gm, "countdown_create", {
          campaign_id: campaignId,
          name: "Bad",
          start: 3,
          ...args,
        });
        const [detail] = refused.details as { parameter: string; issue: string }[];
        expect(detail?.parameter).toBe("dynamic");
        expect(detail?.issue).toMatch(issue);
      }
    });

    it("shows a fight's countdowns in it, the hidden ones to the GM alone", async () => {
      const fight = await callOk(gm, "encounter_start", { campaign_id: campaignId, name: "Ford" });
      const shown = await create({
        name: "Reinforcements",
        start: 4,
        kind: "STANDARD",
        visible_to_players: true,
        encounter_id: fight.id,
      });
      const hidden = await create({
        name: "Ambush",
        start: 2,
        kind: "STANDARD",
        encounter_id: fight.id,
      });
      const ids = async (client: Client) =>
        (
          (await readJson(client, `encounter://${fight.id}`)).encounter as {
            countdowns: { id: string }[];
          }
        ).countdowns.map((countdown) => countdown.id);
      expect(await ids(gm)).toEqual([shown.id, hidden.id]);
      expect(await ids(player)).toEqual([shown.id]);
      await callOk(gm, "encounter_end", { encounter_id: fight.id });
    });

    it("is the GM's to create, tick and delete; a deleted countdown is gone", async () => {
      const clock = await create({
        name: "Dawn",
        start: 6,
        kind: "STANDARD",
        visible_to_players: true,
      });
      for (const [tool, args] of [
        ["countdown_create", { campaign_id: campaignId, name: "Mine", start: 2, kind: "STANDARD" }],
        ["countdown_tick", { countdown_id: clock.id }],
        ["countdown_delete", { countdown_id: clock.id }],
      ] as const) {
        const denied = await callError(player, tool, args);
        expect(denied.code, tool).toBe("PERMISSION_DENIED");
      }
      await callOk(gm, "countdown_delete", { countdown_id: clock.id });
      const gone = await callError(gm, "countdown_tick", { countdown_id: clock.id });
      expect(gone).toMatchObject({ code: "NOT_FOUND", message: "countdown not found" });
      const listed = await readJson(gm, `campaign://${campaignId}/countdowns`);
      const ids = (listed.countdowns as { id: string }[]).map((countdown) => countdown.id);
      expect(ids).not.toContain(clock.id);
      const other = await callOk(gm, "campaign_create", { name: "Elsewhere", gm_mode: "HUMAN" });
      await callOk(gm, "character_create", { campaign_id: other.id, name: "Bo", kind: "PC" });
      await callOk(gm, "session_start", { campaign_id: other.id, name: "Away" });
      const fight = await callOk(gm, "encounter_start", { campaign_id: other.id, name: "Far" });
      const foreign = await callError(gm, "countdown_create", {
        campaign_id: campaignId,
        name: "Wrong fight",
        start: 3,
        kind: "STANDARD",
        encounter_id: fight.id,
      });
      expect(foreign).toMatchObject({ code: "NOT_FOUND", message: "encounter not found" });
    });
  },
);

// docs/campaign.md §2.9, §4.21-§4.24: the GM's adversary stat blocks over HTTP, through the
// SDK client in both protocol eras, on the store under test. The stat blocks are the GM's
// secret: a player is refused every tool and the resource, and never sees their events. Every
// refusal names the parameter and writes nothing. The stat blocks here are invented.
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dumpDatabase } from "../support/database-dump.js";
import { STORE_KIND } from "../support/store-under-test.js";
import { createCampaign, type GameTable, openGameTable, seatPlayer } from "./game-table.js";
import { callError, callOk, readJson } from "./harness.js";

const SUBJECTS = ["gm-sub", "player-sub"] as const;
type Subject = (typeof SUBJECTS)[number];

/** An invented leader. */
const MARSH_CAPTAIN = {
  name: "Marsh Captain",
  tier: 2,
  type: "LEADER",
  difficulty: 15,
  thresholds: { major: 9, severe: 17 },
  hp_max: 6,
  stress_max: 4,
  attack: { modifier: 3, range: "MELEE", damage: "2d8+3", damage_type: "PHYSICAL" },
  experiences: [{ name: "Reads the fog", bonus: 2 }],
  features: [
    { name: "Rally the reeds", kind: "ACTION", text: "Spends Fear to move allies.", fear_cost: 1 },
  ],
};

/** An invented minion. */
const REED_WISP = {
  name: "Reed Wisp",
  tier: 2,
  type: "MINION",
  difficulty: 12,
  hp_max: 1,
  stress_max: 1,
  attack: { modifier: 1, range: "CLOSE", damage: "4", damage_type: "MAGIC" },
  minion_overflow: 6,
};

describe.each(["modern", "legacy"] as const)(
  `adversary stat blocks over HTTP on ${STORE_KIND}, %s era`,
  (era) => {
    let table: GameTable<Subject>;
    let gm: Client;
    let player: Client;
    let campaignId: string;
    let sessionId: string;

    beforeAll(async () => {
      table = await openGameTable(era, SUBJECTS);
      gm = await table.connect("gm-sub");
      player = await table.connect("player-sub");
      campaignId = await createCampaign(gm, "Fenmarch");
      await seatPlayer(gm, campaignId, "player-sub", "Pat");
      const session = await callOk(gm, "session_start", { campaign_id: campaignId, name: "One" });
      sessionId = session.id as string;
    });

    afterAll(async () => {
      await table?.close();
    });

    it("keeps the GM's stat blocks as given, and logs them for the GM alone", async () => {
      const captain = await callOk(gm, "adversary_define", {
        campaign_id: campaignId,
        ...MARSH_CAPTAIN,
      });
      expect(captain).toMatchObject({
        campaign_id: campaignId,
        ...MARSH_CAPTAIN,
        minion_overflow: null,
        horde_damage: null,
      });
      expect(String(captain.id)).toMatch(/^adv_[a-z2-7]{26}$/);
      const wisp = await callOk(gm, "adversary_define", { campaign_id: campaignId, ...REED_WISP });
      expect(wisp).toMatchObject({
        ...REED_WISP,
        thresholds: null,
        experiences: [],
        features: [],
        horde_damage: null,
      });

      const listed = await callOk(gm, "adversary_list", { campaign_id: campaignId, limit: 1 });
      expect((listed.adversaries as { id: string }[]).map((a) => a.id)).toEqual([captain.id]);
      expect(listed.next_cursor).toBe(captain.id);
      const rest = await callOk(gm, "adversary_list", {
        campaign_id: campaignId,
        cursor: listed.next_cursor,
      });
      expect((rest.adversaries as { id: string }[]).map((a) => a.id)).toEqual([wisp.id]);
      expect(rest.next_cursor).toBeNull();
      const resource = await readJson(gm, `campaign://${campaignId}/adversaries`);
      expect((resource.adversaries as { name: string }[]).map((a) => a.name)).toEqual([
        "Marsh Captain",
        "Reed Wisp",
      ]);

      const gmLog = await readJson(gm, `session://${sessionId}/events`);
      const gmTypes = (gmLog.events as { type: string }[]).map((event) => event.type);
      expect(gmTypes.filter((type) => type === "ADVERSARY_DEFINED")).toHaveLength(2);
      const playerLog = await readJson(player, `session://${sessionId}/events`);
      const playerTypes = (playerLog.events as { type: string }[]).map((event) => event.type);
      expect(playerTypes).not.toContain("ADVERSARY_DEFINED");
      const search = await callOk(player, "session_log_search", {
        campaign_id: campaignId,
        query: "Marsh Captain",
      });
      expect(search.events).toEqual([]);
    });

    it("refuses a player every stat block tool and the resource", async () => {
      for (const [tool, args] of [
        ["adversary_define", { campaign_id: campaignId, ...MARSH_CAPTAIN }],
        ["adversary_list", { campaign_id: campaignId }],
        ["adversary_import", { campaign_id: campaignId, document: JSON.stringify([REED_WISP]) }],
      ] as const) {
        const error = await callError(player, tool, args);
        expect(error.code, tool).toBe("PERMISSION_DENIED");
        expect(String(error.message)).toMatch(/^only the GM may /);
      }
      await expect(
        player.readResource({ uri: `campaign://${campaignId}/adversaries` }),
      ).rejects.toThrow(/PERMISSION_DENIED: only the GM may read the campaign's adversaries/);
    });

    it("refuses impossible stat blocks as a whole, naming each field, and writes nothing", async () => {
      const before = await dumpDatabase(table.location);
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [
          { ...MARSH_CAPTAIN, thresholds: { major: 17, severe: 17 } },
          "thresholds.major",
          /must be below the severe one/,
        ],
        [
          { ...REED_WISP, thresholds: { major: 3, severe: 6 } },
          "thresholds",
          /A MINION has no damage thresholds/,
        ],
        [{ ...REED_WISP, minion_overflow: undefined }, "minion_overflow", /Required for a MINION/],
        [
          { ...MARSH_CAPTAIN, attack: { ...MARSH_CAPTAIN.attack, damage: "2d8+x" } },
          "attack.damage",
          // "2d8+x": the x is the fifth character.
          /"2d8\+x" is not dice notation .*position 5/,
        ],
        [{ ...MARSH_CAPTAIN, horde_damage: "1d6" }, "horde_damage", /Only a HORDE adversary/],
      ];
      for (const [block, parameter, issue] of cases) {
        const error = await callError(gm, "adversary_define", {
          campaign_id: campaignId,
          ...block,
        });
        const details = error.details as { parameter: string; issue: string }[];
        const named = details.find((detail) => detail.parameter === parameter);
        expect(named, `${parameter}: ${JSON.stringify(details)}`).toBeDefined();
        expect(named?.issue).toMatch(issue);
      }
      // Out of the schema's range or enum: the whole schema error (docs/contract.md §5.3, no
      // code), in the kit's words, with §2.9's range for hp_max (1..50) and its list of types.
      const tooMany = await callError(gm, "adversary_define", {
        campaign_id: campaignId,
        ...MARSH_CAPTAIN,
        hp_max: 51,
      });
      expect(tooMany).toEqual({
        message: "Invalid parameters provided",
        details: [
          {
            parameter: "hp_max",
            issue: "Value 51 exceeds maximum allowed (50)",
            valid_range: "1-50",
          },
        ],
      });
      const dragon = await callError(gm, "adversary_define", {
        campaign_id: campaignId,
        ...MARSH_CAPTAIN,
        type: "DRAGON",
      });
      const types =
        "BRUISER, HORDE, LEADER, MINION, RANGED, SKULK, SOCIAL, SOLO, STANDARD, SUPPORT";
      expect(dragon).toEqual({
        message: "Invalid parameters provided",
        details: [{ parameter: "type", issue: `Expected one of: ${types}` }],
      });
      expect(await dumpDatabase(table.location)).toEqual(before);
    });

    it("changes a block only into one that holds every rule", async () => {
      const captain = await callOk(gm, "adversary_define", {
        campaign_id: campaignId,
        ...MARSH_CAPTAIN,
        name: "Turncoat",
      });
      const before = await dumpDatabase(table.location);
      const half = await callError(gm, "adversary_update", {
        campaign_id: campaignId,
        adversary_id: captain.id,
        type: "MINION",
      });
      const named = (half.details as { parameter: string }[]).map((detail) => detail.parameter);
      expect(named.sort()).toEqual(["minion_overflow", "thresholds"]);
      expect(await dumpDatabase(table.location)).toEqual(before);

      const minion = await callOk(gm, "adversary_update", {
        campaign_id: campaignId,
        adversary_id: captain.id,
        type: "MINION",
        thresholds: null,
        minion_overflow: 4,
      });
      expect(minion).toMatchObject({
        id: captain.id,
        name: "Turncoat",
        type: "MINION",
        thresholds: null,
        minion_overflow: 4,
        attack: MARSH_CAPTAIN.attack,
      });
      const unchanged = await dumpDatabase(table.location);
      await callOk(gm, "adversary_update", {
        campaign_id: campaignId,
        adversary_id: captain.id,
        minion_overflow: 4,
      });
      expect(await dumpDatabase(table.location)).toEqual(unchanged);
      const missing = await callError(gm, "adversary_update", {
        campaign_id: campaignId,
        adversary_id: "adv_nobody",
        tier: 3,
      });
      expect(missing).toMatchObject({ code: "NOT_FOUND", message: "adversary not found" });
    });

    it("imports a document whole, or lists every problem and keeps nothing", async () => {
      const before = await dumpDatabase(table.location);
      const broken = JSON.stringify([
        MARSH_CAPTAIN,
        { ...REED_WISP, hp_max: 0 },
        { ...MARSH_CAPTAIN, thresholds: undefined },
        "not a block",
      ]);
      const error = await callError(gm, "adversary_import", {
        campaign_id: campaignId,
        document: broken,
      });
      const named = (error.details as { parameter: string }[]).map((detail) => detail.parameter);
      expect(named).toEqual(["document[1].hp_max", "document[2].thresholds", "document[3]"]);
      for (const document of ["{not json", "{}", "[]"]) {
        const refused = await callError(gm, "adversary_import", {
          campaign_id: campaignId,
          document,
        });
        expect((refused.details as { parameter: string }[])[0]?.parameter).toBe("document");
      }
      // 256 KiB + 1 byte of an otherwise valid document: refused for its size.
      const valid = JSON.stringify([REED_WISP]);
      const padded = (bytes: number) => `${valid.slice(0, -1)}${" ".repeat(bytes - valid.length)}]`;
      const tooLong = await callError(gm, "adversary_import", {
        campaign_id: campaignId,
        document: padded(256 * 1024 + 1),
      });
      expect(JSON.stringify(tooLong.details)).toMatch(/document/);
      expect(await dumpDatabase(table.location)).toEqual(before);

      const exact = await callOk(gm, "adversary_import", {
        campaign_id: campaignId,
        document: padded(256 * 1024),
      });
      expect(exact.imported).toBe(1);
      const imported = await callOk(gm, "adversary_import", {
        campaign_id: campaignId,
        document: JSON.stringify([
          MARSH_CAPTAIN,
          REED_WISP,
          { ...REED_WISP, name: "Reed Wisp II" },
        ]),
      });
      expect(imported.imported).toBe(3);
      const summaries = imported.adversaries as { name: string; type: string; tier: number }[];
      expect(summaries.map(({ name, type, tier }) => [name, type, tier])).toEqual([
        ["Marsh Captain", "LEADER", 2],
        ["Reed Wisp", "MINION", 2],
        ["Reed Wisp II", "MINION", 2],
      ]);
      const log = await readJson(gm, `session://${sessionId}/events?limit=1`);
      expect(log.events).toMatchObject([{ type: "ADVERSARIES_IMPORTED", gm_only: true }]);
    });
  },
);

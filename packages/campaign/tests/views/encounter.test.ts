// The encounter tracker (docs/views.md §2) in Chromium, against a real campaign server over
// HTTP on a SQLite file, with a GM and a player who hold tokens. What the buttons do is checked
// in the store afterwards, by reading encounter://{id} as the GM. The expected HP marked are
// worked out here from the invented stat blocks' thresholds by docs/campaign.md §4.28's rule.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { describeInBrowser, openToolView, screenshotThemes } from "@tabletop-mcp/views/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  CLI_ENTRY,
  callOk,
  type HttpChild,
  readJson,
  spawnHttp,
  temporaryDatabase,
} from "../e2e/harness.js";
import { writeTokenTable } from "../support/token-table.js";

const PICTURES = fileURLToPath(new URL("../../test-results/views", import.meta.url));

const ATTACK = { modifier: 2, range: "MELEE", damage: "1d8+2", damage_type: "PHYSICAL" };
const CAPTAIN = {
  name: "Marsh Captain",
  tier: 1,
  type: "LEADER",
  difficulty: 14,
  thresholds: { major: 7, severe: 14 },
  hp_max: 6,
  stress_max: 3,
  attack: ATTACK,
};
const WISP = {
  name: "Reed Wisp",
  tier: 1,
  type: "MINION",
  difficulty: 10,
  hp_max: 1,
  stress_max: 1,
  attack: { ...ATTACK, damage: "3" },
  minion_overflow: 5,
};

interface StoredInstance {
  id: string;
  name: string;
  defeated: boolean;
  hp_marked: number;
  stress_marked: number;
}

interface StoredFight {
  instances: StoredInstance[];
  countdowns: { id: string; name: string; value: number }[];
}

describeInBrowser("the encounter tracker view", (browser) => {
  const database = temporaryDatabase();
  let directory: string;
  let server: HttpChild;
  const clients: Client[] = [];
  let gm: Client;
  let player: Client;
  let campaignId: string;
  let encounterId: string;
  let wispBlock: string;
  let ash: string;

  async function connect(token: string): Promise<Client> {
    const client = new Client({ name: "encounter-view-test", version: "1.0.0" });
    const headers = { authorization: `Bearer ${token}` };
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }),
    );
    clients.push(client);
    return client;
  }

  /** The fight as the store holds it, read by the GM. */
  async function storedFight(): Promise<StoredFight> {
    return (await readJson(gm, `encounter://${encounterId}`)).encounter as StoredFight;
  }

  async function storedInstance(name: string): Promise<StoredInstance> {
    const found = (await storedFight()).instances.find((instance) => instance.name === name);
    if (!found) throw new Error(`no ${name} in the fight`);
    return found;
  }

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), "campaign-encounter-view-"));
    const table = writeTokenTable(directory, ["gm-sub", "player-sub"]);
    server = await spawnHttp(CLI_ENTRY, ["--db", database.path, "--auth-tokens", table.file]);
    gm = await connect(table.tokens.get("gm-sub") ?? "");
    player = await connect(table.tokens.get("player-sub") ?? "");
    campaignId = (await callOk(gm, "campaign_create", { name: "Fenmarch", gm_mode: "HUMAN" }))
      .id as string;
    await callOk(gm, "participant_create", {
      campaign_id: campaignId,
      display_name: "Pat",
      role: "PLAYER",
      user: "player-sub",
    });
    ash = (
      await callOk(player, "character_create", { campaign_id: campaignId, name: "Ash", kind: "PC" })
    ).id as string;
    const captainBlock = (
      await callOk(gm, "adversary_define", { campaign_id: campaignId, ...CAPTAIN })
    ).id as string;
    wispBlock = (await callOk(gm, "adversary_define", { campaign_id: campaignId, ...WISP }))
      .id as string;
    await callOk(gm, "session_start", { campaign_id: campaignId, name: "One" });
    encounterId = (await callOk(gm, "encounter_start", { campaign_id: campaignId, name: "Ford" }))
      .id as string;
    await callOk(gm, "encounter_add", { encounter_id: encounterId, adversary_id: captainBlock });
    for (const [name, start, visible] of [
      ["Tide", 4, true],
      ["Ambush", 3, false],
    ] as const) {
      await callOk(gm, "countdown_create", {
        campaign_id: campaignId,
        encounter_id: encounterId,
        name,
        start,
        kind: "STANDARD",
        visible_to_players: visible,
      });
    }
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server.stop();
    database.remove();
    rmSync(directory, { recursive: true, force: true });
  });

  it("shows the GM each adversary's pips and thresholds, Minions together, countdowns as dials", async () => {
    const { host, uri } = await openToolView(browser(), {
      client: gm,
      tool: "encounter_add",
      arguments: { encounter_id: encounterId, adversary_id: wispBlock, count: 3 },
    });
    expect(uri).toBe("ui://campaign/encounter.html");
    const captain = host.view.locator("[data-instance]", {
      has: host.view.getByRole("heading", { name: "Marsh Captain 1" }),
    });
    await captain.waitFor();
    const hp = captain.getByRole("img", { name: "Marsh Captain 1 HP 0 of 6" });
    expect(await hp.locator(".pip").count()).toBe(CAPTAIN.hp_max);
    expect(await captain.getByRole("img", { name: "Marsh Captain 1 Stress 0 of 3" }).count()).toBe(
      1,
    );
    expect(await captain.locator(".thresholds").textContent()).toBe("Major 7 · Severe 14");
    // A party of one: a budget of 3 + 2; the Leader costs 3 and each Minion is a party-sized
    // group of its own, 1 each (docs/campaign.md §2.10). Over, and said.
    expect(await host.view.locator(".fight-state").textContent()).toBe(
      "Active · battle points 6 of 5, over budget",
    );

    const group = host.view.getByRole("list", { name: "Reed Wisp Minions" });
    expect(await group.getByRole("heading").allTextContents()).toEqual([
      "Reed Wisp 1",
      "Reed Wisp 2",
      "Reed Wisp 3",
    ]);
    const groupCard = host.view.locator("[data-group='Reed Wisp']");
    expect(await groupCard.locator(".group-count").textContent()).toBe("3 of 3 standing");
    expect(
      await host.view.getByRole("button", { name: /^Apply damage to Reed Wisp/ }).count(),
    ).toBe(1);
    expect(
      await host.view.getByRole("button", { name: "Apply damage to Reed Wisp 1" }).count(),
    ).toBe(1);

    expect(await host.view.getByRole("img", { name: "Tide 4 of 4" }).count()).toBe(1);
    const ambush = host.view.locator("[data-countdown]", { hasText: "Ambush" });
    expect(await ambush.getByRole("img", { name: "Ambush 3 of 3" }).count()).toBe(1);
    expect(await ambush.textContent()).toContain("hidden from players");
    expect(host.reads).toEqual([`encounter://${encounterId}`]);

    await screenshotThemes(host, PICTURES, "encounter");
    expect(host.problems).toEqual([]);
    await host.setWidth(320);
    expect(await host.horizontalOverflow()).toBe(0);
    await host.close();
  });

  it("applies damage from a card's form, by keyboard, and the store marks the HP", async () => {
    const before = await storedInstance("Marsh Captain 1");
    const { host } = await openToolView(browser(), {
      client: gm,
      tool: "condition_set",
      arguments: {
        encounter_id: encounterId,
        target: before.id,
        condition: "VULNERABLE",
        on: true,
      },
    });
    await host.view
      .getByRole("img", { name: `Marsh Captain 1 HP ${before.hp_marked} of 6` })
      .waitFor();
    expect(await host.view.locator("[data-instance] .tag").allTextContents()).toContain(
      "Vulnerable",
    );
    // 8: Major (7) or more, below Severe (14): 2 HP.
    const amount = host.view.getByRole("spinbutton", { name: "Damage to Marsh Captain 1" });
    await amount.fill("8");
    await amount.press("Enter");
    await host.view
      .getByRole("img", { name: `Marsh Captain 1 HP ${before.hp_marked + 2} of 6` })
      .waitFor();
    expect(host.calls.map((call) => [call.name, call.arguments])).toEqual([
      [
        "damage_apply",
        { encounter_id: encounterId, target: before.id, amount: 8, type: "PHYSICAL" },
      ],
    ]);
    expect(await storedInstance("Marsh Captain 1")).toMatchObject({
      hp_marked: before.hp_marked + 2,
      defeated: false,
    });
    expect(await host.view.getByRole("status").textContent()).toBe("Marsh Captain 1: 2 HP marked");
    await host.close();
  });

  it("marks Stress with its button, keeping the keyboard's focus on it", async () => {
    const before = await storedInstance("Marsh Captain 1");
    const { host } = await openToolView(browser(), {
      client: gm,
      tool: "adversary_stress",
      arguments: { encounter_id: encounterId, instance: before.id, delta: 1 },
    });
    const marked = before.stress_marked + 1;
    await host.view.getByRole("img", { name: `Marsh Captain 1 Stress ${marked} of 3` }).waitFor();
    const mark = host.view.getByRole("button", { name: "Mark Stress on Marsh Captain 1" });
    await mark.focus();
    await mark.press("Enter");
    await host.view
      .getByRole("img", { name: `Marsh Captain 1 Stress ${marked + 1} of 3` })
      .waitFor();
    expect((await storedInstance("Marsh Captain 1")).stress_marked).toBe(marked + 1);
    expect(await mark.evaluate((button) => button.ownerDocument.activeElement === button)).toBe(
      true,
    );
    await host.view.getByRole("button", { name: "Clear Stress on Marsh Captain 1" }).click();
    await host.view.getByRole("img", { name: `Marsh Captain 1 Stress ${marked} of 3` }).waitFor();
    expect((await storedInstance("Marsh Captain 1")).stress_marked).toBe(marked);
    expect(host.calls.map((call) => call.arguments.delta)).toEqual([1, -1]);
    await host.close();
  });

  it("ticks a countdown with its button, and the store holds the new value", async () => {
    const { host, result } = await openToolView(browser(), {
      client: gm,
      tool: "countdown_create",
      arguments: {
        campaign_id: campaignId,
        encounter_id: encounterId,
        name: "Rising water",
        start: 2,
        kind: "STANDARD",
      },
    });
    const created = result.structuredContent as { id: string };
    await host.view.getByRole("img", { name: "Rising water 2 of 2" }).waitFor();
    await host.view.getByRole("button", { name: "Tick Rising water" }).click();
    await host.view.getByRole("img", { name: "Rising water 1 of 2" }).waitFor();
    await host.view.getByRole("button", { name: "Tick Rising water" }).click();
    await host.view.getByRole("img", { name: "Rising water 0 of 2" }).waitFor();
    const stored = (await storedFight()).countdowns.find((each) => each.id === created.id);
    expect(stored?.value).toBe(0);
    expect(await host.view.getByRole("button", { name: "Tick Rising water" }).count()).toBe(0);
    expect(await host.view.getByRole("status").textContent()).toBe(
      "Rising water: 0 of 2, triggered",
    );
    await host.close();
  });

  it("defeats Minions past the one hit by the overflow, and the group says who stands", async () => {
    const { host } = await openToolView(browser(), {
      client: gm,
      tool: "encounter_add",
      arguments: { encounter_id: encounterId, adversary_id: wispBlock },
    });
    const groupCard = host.view.locator("[data-group='Reed Wisp']");
    const standing = (text: string) => groupCard.locator(".group-count", { hasText: text });
    await standing("4 of 4 standing").waitFor();
    // 1, below minion_overflow 5: Reed Wisp 1 alone. Enter applies it, and the keyboard's
    // focus stays in the group's amount, which now aims at the next Minion.
    const first = host.view.getByRole("spinbutton", { name: "Damage to Reed Wisp 1" });
    await first.fill("1");
    await first.press("Enter");
    await standing("3 of 4 standing").waitFor();
    const second = host.view.getByRole("spinbutton", { name: "Damage to Reed Wisp 2" });
    expect(await second.evaluate((field) => field.ownerDocument.activeElement === field)).toBe(
      true,
    );
    // 5: Reed Wisp 2, and one more of its stat block, the lowest-numbered standing.
    await second.fill("5");
    await host.view.getByRole("button", { name: "Apply damage to Reed Wisp 2" }).click();
    await standing("1 of 4 standing").waitFor();
    const stored = (await storedFight()).instances.filter((each) =>
      each.name.startsWith("Reed Wisp"),
    );
    expect(stored.map((each) => [each.name, each.defeated])).toEqual([
      ["Reed Wisp 1", true],
      ["Reed Wisp 2", true],
      ["Reed Wisp 3", true],
      ["Reed Wisp 4", false],
    ]);
    expect(
      await groupCard.getByRole("button", { name: /^Apply damage/ }).getAttribute("aria-label"),
    ).toBe("Apply damage to Reed Wisp 4");
    expect(await host.view.getByRole("status").textContent()).toBe(
      "Reed Wisp 2: 1 HP marked, defeated, and 1 more Minion defeated",
    );
    await host.close();
  });

  it("shows the server's refusal when the adversary was defeated meanwhile, and reads the fight again", async () => {
    const captain = await storedInstance("Marsh Captain 1");
    const { host } = await openToolView(browser(), {
      client: gm,
      tool: "encounter_remove",
      arguments: { encounter_id: encounterId, instance: (await storedInstance("Reed Wisp 1")).id },
    });
    await host.view.getByRole("spinbutton", { name: "Damage to Marsh Captain 1" }).waitFor();
    expect(await host.view.getByRole("heading", { name: "Reed Wisp 1" }).count()).toBe(0);
    // Another hand finishes the captain: Severe (14) marks 3 HP a hit, up to its 6.
    for (let hit = 0; hit < 2; hit += 1) {
      await callOk(gm, "damage_apply", { target: captain.id, amount: 14, type: "MAGIC" });
    }
    const defeated = await storedInstance("Marsh Captain 1");
    expect(defeated).toMatchObject({ hp_marked: 6, defeated: true });

    await host.view.getByRole("spinbutton", { name: "Damage to Marsh Captain 1" }).fill("3");
    await host.view.getByRole("button", { name: "Apply damage to Marsh Captain 1" }).click();
    const alert = host.view.getByRole("alert").filter({ hasText: /\S/ });
    await alert.waitFor();
    const [refused] = host.calls;
    if (!refused) throw new Error("the view made no call");
    const error = (refused.result.structuredContent as { error: { message: string } }).error;
    expect(error.message).toBe("instance is already defeated");
    expect(await alert.textContent()).toBe(error.message);
    expect(await storedInstance("Marsh Captain 1")).toEqual(defeated);
    const card = host.view.locator("[data-instance]", {
      has: host.view.getByRole("heading", { name: "Marsh Captain 1" }),
    });
    await card.locator(".tag-defeated").waitFor();
    expect(await card.getByRole("img", { name: "Marsh Captain 1 HP 6 of 6" }).count()).toBe(1);
    expect(await card.locator(".damage").count()).toBe(0);
    await host.close();
  });

  it("shows an adversary's answer that names no fight as that adversary alone, without buttons", async () => {
    const wisp = await storedInstance("Reed Wisp 4");
    const { host } = await openToolView(browser(), {
      client: gm,
      tool: "adversary_stress",
      arguments: { instance: wisp.id, delta: 1 },
    });
    await host.view.getByRole("img", { name: "Reed Wisp 4 Stress 1 of 1" }).waitFor();
    expect(await host.view.getByRole("heading", { level: 3 }).allTextContents()).toEqual([
      "Reed Wisp 4",
    ]);
    expect(await host.view.getByRole("button").count()).toBe(0);
    expect(host.reads).toEqual([]);
    await host.close();
  });

  it("shows a player the fight without HP, Stress, thresholds, hidden countdowns or buttons", async () => {
    const { host, uri } = await openToolView(browser(), {
      client: player,
      tool: "damage_apply",
      arguments: { encounter_id: encounterId, target: ash, amount: 3, type: "PHYSICAL" },
    });
    expect(uri).toBe("ui://campaign/encounter.html");
    const seen = (await readJson(player, `encounter://${encounterId}`)).encounter as {
      instances: { name: string; defeated: boolean }[];
    };
    const cards = host.view.getByRole("list", { name: "Adversaries" }).getByRole("heading");
    await cards.first().waitFor();
    expect(await cards.allTextContents()).toEqual(seen.instances.map((each) => each.name));
    expect(await host.view.locator(".tag-defeated").count()).toBe(
      seen.instances.filter((each) => each.defeated).length,
    );
    expect(await host.view.locator(".pips").count()).toBe(0);
    expect(await host.view.locator(".thresholds").count()).toBe(0);
    expect(await host.view.getByRole("button").count()).toBe(0);
    expect(await host.view.getByRole("img", { name: "Tide 4 of 4" }).count()).toBe(1);
    expect(await host.view.getByText("Ambush").count()).toBe(0);
    expect(await host.view.locator(".player-note").textContent()).toBe(
      "As a player sees it: the GM keeps HP, Stress and thresholds.",
    );
    expect(host.problems).toEqual([]);
    await host.close();
  });
});

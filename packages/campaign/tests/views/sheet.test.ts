import { fileURLToPath } from "node:url";
import type { Client } from "@modelcontextprotocol/client";
import {
  describeInBrowser,
  openToolView,
  screenshotThemes,
  type ViewHost,
} from "@tabletop-mcp/views/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CLI_ENTRY, callOk, connectStdio, temporaryDatabase } from "../e2e/harness.js";

const PICTURES = fileURLToPath(new URL("../../test-results/views", import.meta.url));

interface State {
  hope: number;
  stress: number;
  hp: number;
}

/** The character's state as a second process reads it from the same database file. */
async function storedState(databasePath: string, campaignId: string, characterId: string) {
  const reader = await connectStdio(CLI_ENTRY, ["--db", databasePath]);
  try {
    const sheet = await callOk(reader, "character_sheet_get", {
      campaign_id: campaignId,
      character_id: characterId,
    });
    return sheet.state as State;
  } finally {
    await reader.close();
  }
}

/** What a person sees of one track: the pips' name, and the filled and empty pips. */
async function pipsOf(host: ViewHost, name: string) {
  const track = host.view.getByRole("img", { name: new RegExp(`^${name} \\d+ of \\d+$`) });
  return {
    label: await track.getAttribute("aria-label"),
    filled: await track.locator(".pip-filled").count(),
    slots: await track.locator(".pip").count(),
  };
}

describeInBrowser("the character sheet view", (browser) => {
  const database = temporaryDatabase();
  let client: Client;
  let campaignId: string;
  let characterId: string;

  beforeAll(async () => {
    client = await connectStdio(CLI_ENTRY, ["--db", database.path]);
    campaignId = (await callOk(client, "campaign_create", { name: "Views", gm_mode: "HUMAN" }))
      .id as string;
    characterId = (
      await callOk(client, "character_create", {
        campaign_id: campaignId,
        name: "Aria",
        kind: "PC",
        profile: { traits: { agility: 2, strength: -1 }, hp_max: 6, stress_max: 5 },
      })
    ).id as string;
  });
  afterAll(async () => {
    await client.close();
    database.remove();
  });

  it("shows traits, thresholds and Hope, Stress and HP as pips with their maxima", async () => {
    const args = { campaign_id: campaignId, character_id: characterId };
    const { host, result, uri } = await openToolView(browser(), {
      client,
      tool: "character_sheet_get",
      arguments: args,
    });
    expect(uri).toBe("ui://campaign/sheet.html");
    const { profile, state } = result.structuredContent as {
      profile: { major_threshold: number; severe_threshold: number; evasion: number };
      state: State;
    };
    await host.view.getByRole("heading", { name: "Aria" }).waitFor();
    expect(await pipsOf(host, "Hope")).toEqual({
      label: `Hope ${state.hope} of 6`,
      filled: state.hope,
      slots: 6,
    });
    expect(await pipsOf(host, "Stress")).toEqual({
      label: `Stress ${state.stress} of 5`,
      filled: state.stress,
      slots: 5,
    });
    expect(await pipsOf(host, "HP")).toEqual({ label: `HP ${state.hp} of 6`, filled: 6, slots: 6 });
    const facts = await host.view.locator(".fact").allTextContents();
    expect(facts).toEqual(
      expect.arrayContaining([
        "Agility+2",
        "Strength\u22121",
        `Evasion${profile.evasion}`,
        `Major${profile.major_threshold}`,
        `Severe${profile.severe_threshold}`,
      ]),
    );
    await screenshotThemes(host, PICTURES, "sheet");
    expect(host.problems).toEqual([]);
    await host.close();
  });

  it("changes Hope in the store with Increase Hope and Decrease Hope", async () => {
    const before = await storedState(database.path, campaignId, characterId);
    const { host } = await openToolView(browser(), {
      client,
      tool: "character_sheet_get",
      arguments: { campaign_id: campaignId, character_id: characterId },
    });
    await host.view.getByRole("button", { name: "Increase Hope" }).click();
    await host.view.getByRole("img", { name: `Hope ${before.hope + 1} of 6` }).waitFor();
    expect(host.calls.map((call) => call.arguments)).toEqual([
      { campaign_id: campaignId, character_id: characterId, hope: before.hope + 1 },
    ]);
    expect(await storedState(database.path, campaignId, characterId)).toEqual({
      ...before,
      hope: before.hope + 1,
    });

    await host.view.getByRole("button", { name: "Decrease Hope" }).press("Enter");
    await host.view.getByRole("img", { name: `Hope ${before.hope} of 6` }).waitFor();
    expect((await storedState(database.path, campaignId, characterId)).hope).toBe(before.hope);
    expect(await host.view.getByRole("status").textContent()).toBe(
      `Hope is now ${before.hope} of 6`,
    );
    await host.close();
  });

  it("shows the server's refusal and changes nothing when a change breaks the rules", async () => {
    const before = await storedState(database.path, campaignId, characterId);
    const { host } = await openToolView(browser(), {
      client,
      tool: "character_sheet_get",
      arguments: { campaign_id: campaignId, character_id: characterId },
    });
    await host.view.getByRole("button", { name: "Increase HP" }).click();
    const alert = host.view.getByRole("alert").filter({ hasText: /\S/ });
    await alert.waitFor();
    const [refusal] = host.calls;
    if (!refusal) throw new Error("the view made no call");
    expect(refusal.result.isError).toBe(true);
    const message = (refusal.result.structuredContent as { error: { message: string } }).error
      .message;
    expect(message).toBe(`hp ${before.hp + 1} exceeds hp_max 6`);
    expect(await alert.textContent()).toBe(message);
    expect(await pipsOf(host, "HP")).toEqual({
      label: `HP ${before.hp} of 6`,
      filled: 6,
      slots: 6,
    });

    await host.view.getByRole("button", { name: "Decrease Stress" }).click();
    await alert.filter({ hasText: "stress" }).waitFor();
    expect(await alert.textContent()).toBe(
      "Invalid parameters provided: stress: Value -1 is below minimum allowed (0)",
    );
    expect(await storedState(database.path, campaignId, characterId)).toEqual(before);
    await host.close();
  });

  it("lists the character's conditions, and keeps them through a change of a track", async () => {
    const open = () =>
      openToolView(browser(), {
        client,
        tool: "character_sheet_get",
        arguments: { campaign_id: campaignId, character_id: characterId },
      });
    const first = await open();
    expect(await first.host.view.locator(".conditions").textContent()).toBe("No conditions");
    await first.host.close();
    for (const condition of ["VULNERABLE", "RESTRAINED"]) {
      await callOk(client, "condition_set", { target: characterId, condition, on: true });
    }
    const { host } = await open();
    const conditions = host.view.locator(".conditions");
    expect(await conditions.textContent()).toBe("Conditions: Restrained, Vulnerable");
    await host.view.getByRole("button", { name: "Increase Stress" }).click();
    await host.view
      .getByRole("status")
      .filter({ hasText: /Stress is now/ })
      .waitFor();
    expect(await conditions.textContent()).toBe("Conditions: Restrained, Vulnerable");
    await host.close();
    for (const condition of ["VULNERABLE", "RESTRAINED"]) {
      await callOk(client, "condition_set", { target: characterId, condition, on: false });
    }
  });

  it("reads the whole sheet after a state patch, and fits 320 pixels", async () => {
    const { host } = await openToolView(browser(), {
      client,
      tool: "character_state_patch",
      arguments: { campaign_id: campaignId, character_id: characterId, stress: 3 },
      width: 320,
    });
    await host.view.getByRole("img", { name: "Stress 3 of 5" }).waitFor();
    expect(host.calls.map((call) => call.name)).toEqual(["character_sheet_get"]);
    expect(await host.view.getByRole("heading", { name: "Aria" }).count()).toBe(1);
    expect(await host.horizontalOverflow()).toBe(0);
    await host.close();
  });
});

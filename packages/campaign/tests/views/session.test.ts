import { fileURLToPath } from "node:url";
import type { Client } from "@modelcontextprotocol/client";
import { describeInBrowser, openToolView, screenshotThemes } from "@tabletop-mcp/views/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CLI_ENTRY, callOk, connectStdio, readJson, temporaryDatabase } from "../e2e/harness.js";

const PICTURES = fileURLToPath(new URL("../../test-results/views", import.meta.url));
/** More notes than one page of the log holds (50 by default). */
const NOTES = 55;

interface LogPage {
  events: { seq: number }[];
  next_cursor: string | null;
}

async function readPage(client: Client, uri: string): Promise<LogPage> {
  return (await readJson(client, uri)) as unknown as LogPage;
}

describeInBrowser("the session log view", (browser) => {
  const database = temporaryDatabase();
  let client: Client;
  let sessionId: string;
  let characterId: string;

  beforeAll(async () => {
    client = await connectStdio(CLI_ENTRY, ["--db", database.path, "--seed", "views"]);
    const campaign = await callOk(client, "campaign_create", { name: "Views", gm_mode: "HUMAN" });
    const campaignId = campaign.id as string;
    characterId = (
      await callOk(client, "character_create", {
        campaign_id: campaignId,
        name: "Aria",
        kind: "PC",
      })
    ).id as string;
    const seat = await callOk(client, "participant_create", {
      campaign_id: campaignId,
      display_name: "Mara",
      role: "GM",
    });
    sessionId = (await callOk(client, "session_start", { campaign_id: campaignId })).id as string;
    await callOk(client, "set_context", {
      campaign_id: campaignId,
      session_id: sessionId,
      participant_id: seat.id,
    });
    await callOk(client, "gm_fear_adjust", { delta: 2, reason: "a GM move" });
    for (let note = 1; note <= NOTES; note += 1) {
      await callOk(client, "session_note_add", { text: `Note number ${note}` });
    }
  });
  afterAll(async () => {
    await client.close();
    database.remove();
  });

  it("shows the newest page of events first and loads the older ones on request", async () => {
    const { host, uri } = await openToolView(browser(), {
      client,
      tool: "session_note_add",
      arguments: { text: "The gate creaks open", gm_only: true },
    });
    expect(uri).toBe("ui://campaign/session.html");
    const firstPage = await readPage(client, `session://${sessionId}/events`);
    expect(firstPage.next_cursor).not.toBeNull();
    const olderPage = await readPage(
      client,
      `session://${sessionId}/events?cursor=${firstPage.next_cursor}`,
    );

    const items = host.view
      .getByRole("list", { name: "Events, newest first" })
      .getByRole("listitem");
    await items.first().waitFor();
    const seqs = () => items.evaluateAll((found) => found.map((item) => Number(item.dataset.seq)));
    expect(await seqs()).toEqual(firstPage.events.map((event) => event.seq));
    expect(await items.first().locator(".event-text").textContent()).toBe(
      "Note: The gate creaks open",
    );
    expect(await items.first().locator(".event-author").textContent()).toBe("Mara");
    expect(await items.first().locator(".event-gm-only").textContent()).toBe("GM only");
    expect(await items.nth(1).locator(".event-text").textContent()).toBe("Note: Note number 55");
    expect(await items.nth(1).locator(".event-author").textContent()).toBe("Mara");
    expect(await items.nth(1).locator(".event-gm-only").count()).toBe(0);

    await host.view.getByRole("button", { name: "Load older" }).click();
    await items.nth(firstPage.events.length).waitFor();
    expect(await seqs()).toEqual(
      [...firstPage.events, ...olderPage.events].map((event) => event.seq),
    );
    expect(host.reads.filter((read) => read.startsWith("session://"))).toEqual([
      `session://${sessionId}/events`,
      `session://${sessionId}/events?cursor=${firstPage.next_cursor}`,
    ]);
    expect(await host.view.getByRole("button", { name: "Load older" }).isHidden()).toBe(true);
    const texts = await items.locator(".event-text").allTextContents();
    expect(texts.slice(-2)).toEqual(["GM Fear 0 → 2 (a GM move)", "Session started"]);
    expect(host.problems).toEqual([]);
    await host.close();
  });

  it("finds the session of a roll through the caller's context and tells the roll", async () => {
    const { host, result } = await openToolView(browser(), {
      client,
      tool: "session_action_roll",
      arguments: { character_id: characterId, trait: "agility", difficulty: 12 },
    });
    const roll = result.structuredContent as {
      hope_die: number;
      fear_die: number;
      total: number;
      success: boolean;
      crit: boolean;
      flavor: "HOPE" | "FEAR";
    };
    const outcome = roll.crit
      ? "Critical success"
      : `${roll.success ? "Success" : "Failure"} with ${roll.flavor === "HOPE" ? "Hope" : "Fear"}`;
    const newest = host.view.locator(".event-text").first();
    await newest.waitFor();
    expect(await newest.textContent()).toBe(
      `Aria rolled Hope ${roll.hope_die}, Fear ${roll.fear_die}: total ${roll.total} against 12, ${outcome}`,
    );
    expect(await host.view.locator(".event-text").nth(1).textContent()).toBe(
      "Aria rolls agility against 12",
    );
    expect(host.reads[0]).toBe("context://current");
    await screenshotThemes(host, PICTURES, "session");
    expect(host.problems).toEqual([]);
    await host.setWidth(320);
    expect(await host.horizontalOverflow()).toBe(0);
    await host.close();
  });

  it("opens a new session's log from session_start, named and without reading the context", async () => {
    const campaign = await callOk(client, "campaign_create", { name: "Second", gm_mode: "AI" });
    const { host, result } = await openToolView(browser(), {
      client,
      tool: "session_start",
      arguments: { campaign_id: campaign.id, name: "Session 1: The Journey Begins" },
    });
    const started = result.structuredContent as { id: string };
    await host.view.locator(".event-text").first().waitFor();
    expect(await host.view.locator(".event-text").allTextContents()).toEqual(["Session started"]);
    expect(await host.view.locator("#session-name").textContent()).toBe(
      `Session 1: The Journey Begins (${started.id})`,
    );
    expect(host.reads).toEqual([
      `campaign://${campaign.id}/characters?limit=200`,
      `campaign://${campaign.id}/participants?limit=200`,
      `session://${started.id}/events`,
    ]);
    expect(await host.view.getByRole("button", { name: "Load older" }).isHidden()).toBe(true);
    await host.close();
  });
});

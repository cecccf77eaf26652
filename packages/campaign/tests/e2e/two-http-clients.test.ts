import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, STORE_KIND, type TestDatabase } from "../support/store-under-test.js";
import {
  CLI_ENTRY,
  callError,
  callOk,
  connectHttp,
  type HttpChild,
  readJson,
  spawnHttp,
} from "./harness.js";

function collectUpdates(client: Client): string[] {
  const uris: string[] = [];
  client.setNotificationHandler("notifications/resources/updated", (notification) => {
    uris.push(notification.params.uri);
  });
  return uris;
}

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe(`two HTTP clients of one server process on ${STORE_KIND}`, () => {
  let database: TestDatabase;
  let server: HttpChild;
  let watcher: Client;
  let player: Client;
  let watcherUpdates: string[];
  let playerUpdates: string[];

  beforeAll(async () => {
    database = await freshDatabase();
    server = await spawnHttp(CLI_ENTRY, ["--db", database.location]);
    watcher = await connectHttp(server.url);
    player = await connectHttp(server.url);
    watcherUpdates = collectUpdates(watcher);
    playerUpdates = collectUpdates(player);
  });

  afterAll(async () => {
    await watcher.close();
    await player.close();
    await server.stop();
    await database.remove();
  });

  it("notifies the subscribed client when the other one patches a character", async () => {
    const campaign = await callOk(player, "campaign_create", { name: "Shared", gm_mode: "AI" });
    const campaignId = campaign.id as string;
    const character = await callOk(player, "character_create", {
      campaign_id: campaignId,
      name: "Marlowe",
      kind: "PC",
    });
    const charactersUri = `campaign://${campaignId}/characters`;
    await watcher.subscribeResource({ uri: charactersUri });

    await callOk(player, "character_state_patch", {
      campaign_id: campaignId,
      character_id: character.id,
      stress: 1,
    });

    await waitFor(() => watcherUpdates.includes(charactersUri));
    expect(watcherUpdates.filter((uri) => uri === charactersUri)).toHaveLength(1);
    expect(playerUpdates).not.toContain(charactersUri);
  });

  it("keeps each client's context to itself", async () => {
    const first = await callOk(watcher, "campaign_create", { name: "First", gm_mode: "HUMAN" });
    const second = await callOk(player, "campaign_create", { name: "Second", gm_mode: "HUMAN" });
    await watcher.subscribeResource({ uri: "context://current" });

    await callOk(watcher, "set_context", { campaign_id: first.id });
    await callOk(player, "set_context", { campaign_id: second.id });

    expect(await readJson(watcher, "context://current")).toEqual({
      context: expect.stringMatching(/^ctx_/),
      campaign_id: first.id,
      session_id: null,
      participant_id: null,
    });
    expect(await readJson(player, "context://current")).toEqual({
      context: expect.stringMatching(/^ctx_/),
      campaign_id: second.id,
      session_id: null,
      participant_id: null,
    });
    await waitFor(() => watcherUpdates.includes("context://current"));
    expect(watcherUpdates.filter((uri) => uri === "context://current")).toHaveLength(1);
    expect(playerUpdates).not.toContain("context://current");
  });

  it("refuses and records a second application of one roll from the other client", async () => {
    const campaign = await callOk(watcher, "campaign_create", { name: "Once", gm_mode: "HUMAN" });
    const campaignId = campaign.id as string;
    const character = await callOk(watcher, "character_create", {
      campaign_id: campaignId,
      name: "Zara",
      kind: "PC",
    });
    const session = await callOk(watcher, "session_start", { campaign_id: campaignId });
    const sessionId = session.id as string;
    const roll = await callOk(watcher, "session_action_roll", {
      campaign_id: campaignId,
      session_id: sessionId,
      character_id: character.id,
      trait: "presence",
      difficulty: 12,
    });
    await callOk(watcher, "session_roll_outcome_apply", {
      session_id: sessionId,
      roll_seq: roll.roll_seq,
    });
    const before = await callOk(player, "character_sheet_get", {
      campaign_id: campaignId,
      character_id: character.id,
    });

    const refused = await callError(player, "session_roll_outcome_apply", {
      session_id: sessionId,
      roll_seq: roll.roll_seq,
    });

    expect(refused).toEqual({ code: "FAILED_PRECONDITION", message: "outcome already applied" });
    const after = await callOk(player, "character_sheet_get", {
      campaign_id: campaignId,
      character_id: character.id,
    });
    expect(after.state).toEqual(before.state);
    const log = await readJson(watcher, `session://${sessionId}/events`);
    const [newest] = log.events as { seq: number; type: string; payload_json: string }[];
    expect(newest?.seq).toBe(6);
    expect(newest?.type).toBe("OUTCOME_REJECTED");
    expect(JSON.parse(newest?.payload_json ?? "{}")).toEqual({
      roll_seq: roll.roll_seq,
      reason_code: "OUTCOME_ALREADY_APPLIED",
      message: "outcome already applied",
    });
  });
});

import { ResourceHub } from "@tabletop-mcp/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignStore } from "../../src/storage/campaign-store.js";
import { callError, callOk, readJson } from "../e2e/harness.js";
import { connectAs, type UserClient } from "../support/callers.js";
import { dumpDatabase } from "../support/database-dump.js";
import {
  freshDatabase,
  openTestStore,
  STORE_KIND,
  type TestDatabase,
} from "../support/store-under-test.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const START = Date.UTC(2025, 0, 15, 10, 0, 0);
const HANDLE = /^ctx_[a-z2-7]{26}$/;
const CONTEXT_NOT_FOUND = { code: "NOT_FOUND", message: "context not found" };

/** The same handle with one character changed to another of the alphabet. */
function tampered(handle: string): string {
  const last = handle.at(-1) === "a" ? "b" : "a";
  return `${handle.slice(0, -1)}${last}`;
}

describe(`context handles on ${STORE_KIND} (docs/campaign.md §3)`, () => {
  let database: TestDatabase;
  let store: CampaignStore;
  let clock = START;
  let gm: UserClient;
  let stranger: UserClient;
  let hub: ResourceHub;
  const connectGm = () => connectAs({ store, hub, now: () => new Date(clock) }, { subject: "gm" });

  beforeAll(async () => {
    database = await freshDatabase();
    store = await openTestStore(database.location);
    hub = new ResourceHub();
    gm = await connectGm();
    stranger = await connectAs({ store, hub, now: () => new Date(clock) }, { subject: "other" });
  });

  afterAll(async () => {
    await store.close();
    await database.remove();
  });

  async function campaignWithHandle(name: string): Promise<{ campaign: string; handle: string }> {
    const campaign = (await callOk(gm.client, "campaign_create", { name, gm_mode: "HUMAN" }))
      .id as string;
    const answer = await callOk(gm.client, "set_context", { campaign_id: campaign });
    return { campaign, handle: answer.context as string };
  }

  async function refusedWithoutWrites(
    user: UserClient,
    name: string,
    args: Record<string, unknown>,
    error: Record<string, unknown>,
  ): Promise<void> {
    const before = await dumpDatabase(database.location);
    expect(await callError(user.client, name, args)).toEqual(error);
    expect(await dumpDatabase(database.location)).toEqual(before);
  }

  it("answers set_context with a handle beside the ids, the same as context://current", async () => {
    const { campaign, handle } = await campaignWithHandle("Answer");
    expect(handle).toMatch(HANDLE);
    const current = await readJson(gm.client, "context://current");
    expect(current).toEqual({
      context: handle,
      campaign_id: campaign,
      session_id: null,
      participant_id: null,
    });
    expect(await readJson(stranger.client, "context://current")).toEqual({
      context: null,
      campaign_id: null,
      session_id: null,
      participant_id: null,
    });
  });

  it("lets three other connections of the same subject work in the handle's context", async () => {
    const { campaign, handle } = await campaignWithHandle("Three connections");
    const [first, second, third] = [await connectGm(), await connectGm(), await connectGm()];
    if (!first || !second || !third) throw new Error("a client did not connect");
    const character = await callOk(first.client, "character_create", {
      context: handle,
      name: "Aria",
      kind: "PC",
    });
    const session = await callOk(second.client, "session_start", { context: handle });
    const sheet = await callOk(third.client, "character_sheet_get", {
      context: handle,
      character_id: character.id,
    });
    expect(character.campaign_id).toBe(campaign);
    expect(session.campaign_id).toBe(campaign);
    expect((sheet.character as { id: string }).id).toBe(character.id);
    expect(await readJson(first.client, "context://current")).toMatchObject({ context: null });
  });

  it("puts an explicit id before the handle, and the handle before the session's context", async () => {
    const { campaign: named } = await campaignWithHandle("Named");
    const { campaign: selected, handle } = await campaignWithHandle("Selected");
    const { campaign: explicit } = await campaignWithHandle("Explicit");
    await callOk(gm.client, "set_context", { campaign_id: named });
    const byHandle = await callOk(gm.client, "character_create", {
      context: handle,
      name: "Bo",
      kind: "NPC",
    });
    const byId = await callOk(gm.client, "character_create", {
      context: handle,
      campaign_id: explicit,
      name: "Cy",
      kind: "NPC",
    });
    expect(byHandle.campaign_id).toBe(selected);
    expect(byId.campaign_id).toBe(explicit);
  });

  it("returns the same handle for the same context, and another for another", async () => {
    const { campaign, handle } = await campaignWithHandle("Twice");
    const session = (await callOk(gm.client, "session_start", { campaign_id: campaign }))
      .id as string;
    const again = await callOk(gm.client, "set_context", { campaign_id: campaign });
    const other = await callOk(gm.client, "set_context", {
      campaign_id: campaign,
      session_id: session,
    });
    expect(again.context).toBe(handle);
    expect(other.context).toMatch(HANDLE);
    expect(other.context).not.toBe(handle);
  });

  it("is not found, writing nothing, for another subject, even one who may see the campaign", async () => {
    const { campaign, handle } = await campaignWithHandle("Not yours");
    await callOk(gm.client, "participant_create", {
      campaign_id: campaign,
      display_name: "Other",
      role: "PLAYER",
      user: "other",
    });
    expect(await readJson(stranger.client, `campaign://${campaign}`)).toMatchObject({
      campaign: { id: campaign },
    });
    await refusedWithoutWrites(
      stranger,
      "character_create",
      { context: handle, name: "Eve", kind: "NPC" },
      CONTEXT_NOT_FOUND,
    );
    await refusedWithoutWrites(stranger, "session_start", { context: handle }, CONTEXT_NOT_FOUND);
  });

  it("is not found, writing nothing, for a forged or tampered handle", async () => {
    const { handle } = await campaignWithHandle("Forged");
    for (const forged of [`ctx_${"q".repeat(26)}`, tampered(handle)]) {
      await refusedWithoutWrites(
        gm,
        "character_create",
        { context: forged, name: "Fay", kind: "NPC" },
        CONTEXT_NOT_FOUND,
      );
    }
  });

  it("refuses a malformed handle as an invalid argument naming context", async () => {
    const result = await gm.client.callTool({
      name: "session_start",
      arguments: { context: "ctx_NOT-A-HANDLE" },
    });
    expect(result.isError).toBe(true);
    const details = (result.structuredContent as { error: { details: { parameter: string }[] } })
      .error.details;
    expect(details.map((detail) => detail.parameter)).toEqual(["context"]);
  });

  it("expires 30 days after its last use; a use more than a day after the last keeps it", async () => {
    const { handle } = await campaignWithHandle("Aging");
    const { handle: idle } = await campaignWithHandle("Idle");
    clock += 20 * DAY_MS;
    await callOk(gm.client, "character_create", { context: handle, name: "Gil", kind: "NPC" });
    clock += 20 * DAY_MS;
    await callOk(gm.client, "character_create", { context: handle, name: "Hal", kind: "NPC" });
    await refusedWithoutWrites(
      gm,
      "character_create",
      { context: idle, name: "Ivy", kind: "NPC" },
      CONTEXT_NOT_FOUND,
    );
    clock += 31 * DAY_MS;
    await refusedWithoutWrites(
      gm,
      "character_create",
      { context: handle, name: "Jo", kind: "NPC" },
      CONTEXT_NOT_FOUND,
    );
  });

  it("records a use only when the last recorded one is more than a day old", async () => {
    const { handle } = await campaignWithHandle("Quiet");
    const lastUsed = async () =>
      (await dumpDatabase(database.location)).context_handles
        ?.map((row) => JSON.parse(row) as { id: string; last_used: string })
        .find((row) => row.id === handle)?.last_used;
    const setAt = await lastUsed();
    const use = () => callOk(gm.client, "gm_fear_adjust", { context: handle, delta: 1 });
    clock += DAY_MS - 1;
    await use();
    await use();
    expect(await lastUsed()).toBe(setAt);
    clock += 2;
    await use();
    expect(await lastUsed()).toBe(new Date(clock).toISOString());
  });

  it("reads context://{handle} for its own subject only", async () => {
    const { campaign, handle } = await campaignWithHandle("Readable");
    const third = await connectGm();
    expect(await readJson(third.client, `context://${handle}`)).toEqual({
      context: handle,
      campaign_id: campaign,
      session_id: null,
      participant_id: null,
    });
    for (const uri of [`context://${handle}`, `context://${tampered(handle)}`, "context://x"]) {
      // The SDK v2 sends resource-not-found as -32602 with data {uri}, never -32002.
      await expect(stranger.client.readResource({ uri }), uri).rejects.toMatchObject({
        code: -32602,
        message: "context not found",
        data: { uri },
      });
    }
  });
});

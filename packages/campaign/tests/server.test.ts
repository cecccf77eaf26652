import { createHash } from "node:crypto";
import {
  Client,
  InMemoryTransport,
  ProtocolError,
  ResourceNotFoundError,
} from "@modelcontextprotocol/client";
import { NAME_ACCEPTS, ResourceHub, SUBJECT_ACCEPTS, TEXT_ACCEPTS } from "@tabletop-mcp/kit";
import { describe, expect, it } from "vitest";
import { createServer } from "../src/server.js";
import { callError, callOk, readJson } from "./e2e/harness.js";
import { campaignRecord } from "./support/records.js";
import { freshStore } from "./support/store-under-test.js";
import { writeRows } from "./support/write-rows.js";

async function connectedPair() {
  const store = await freshStore();
  const hub = new ResourceHub();
  const connect = async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createServer({ store, hub, rollDie: () => 6 }).connect(serverSide);
    const client = new Client({ name: "server-test", version: "1.0.0" });
    const updates: string[] = [];
    await client.connect(clientSide);
    client.setNotificationHandler("notifications/resources/updated", (notification) => {
      updates.push(notification.params.uri);
    });
    return { client, updates };
  };
  return { first: await connect(), second: await connect(), store };
}

/** A refused read: its code and message, and the URI it names when it is a resource-not-found. */
async function readError(
  client: Client,
  uri: string,
): Promise<{ code: number; message: string; notFound?: string }> {
  try {
    await client.readResource({ uri });
  } catch (error) {
    if (error instanceof ResourceNotFoundError) {
      return { code: error.code, message: error.message, notFound: error.uri };
    }
    if (error instanceof ProtocolError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error(`read of ${uri} succeeded`);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * Waits until `updates` holds `count` URIs (at most 10 s: on PostgreSQL a notification's
 * audience is read from the database first, which a loaded machine may take a while to answer),
 * then a little longer, so that an update that should not come has had its chance.
 */
async function updatesArrived(updates: readonly string[], count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (updates.length < count && Date.now() < deadline) await settle();
  await settle();
}

describe("tools/list", () => {
  it("lists the thirty-seven tools with the documented annotations", async () => {
    const { first } = await connectedPair();
    const { tools } = await first.client.listTools();
    const hints = Object.fromEntries(
      tools.map((tool) => [
        tool.name,
        [
          tool.annotations?.readOnlyHint,
          tool.annotations?.idempotentHint,
          tool.annotations?.destructiveHint,
        ],
      ]),
    );
    expect(tools).toHaveLength(37);
    expect(hints.character_sheet_get).toEqual([true, true, false]);
    expect(hints.set_context).toEqual([false, true, false]);
    expect(hints.session_end).toEqual([false, true, true]);
    expect(hints.character_state_patch).toEqual([false, false, true]);
    expect(hints.session_roll_outcome_apply).toEqual([false, false, false]);
    expect(hints.session_log_search).toEqual([true, true, false]);
    expect(hints.session_recap).toEqual([true, true, false]);
    for (const update of ["campaign_update", "participant_update", "character_update"]) {
      expect(hints[update]).toEqual([false, true, true]);
    }
    expect(hints.adversary_define).toEqual([false, false, false]);
    expect(hints.adversary_update).toEqual([false, true, true]);
    expect(hints.adversary_list).toEqual([true, true, false]);
    expect(hints.adversary_import).toEqual([false, false, false]);
    expect(hints.encounter_start).toEqual([false, false, false]);
    expect(hints.encounter_add).toEqual([false, false, false]);
    expect(hints.encounter_remove).toEqual([false, false, true]);
    expect(hints.encounter_end).toEqual([false, false, true]);
    expect(hints.damage_apply).toEqual([false, false, true]);
    expect(hints.adversary_attack).toEqual([false, false, false]);
    expect(hints.adversary_stress).toEqual([false, false, true]);
    expect(hints.gm_fear_spend).toEqual([false, false, false]);
    expect(hints.countdown_create).toEqual([false, false, false]);
    expect(hints.countdown_tick).toEqual([false, false, false]);
    expect(hints.countdown_delete).toEqual([false, false, true]);
    expect(hints.condition_set).toEqual([false, true, false]);
    expect(tools.every((tool) => tool.annotations?.openWorldHint === false)).toBe(true);
  });
});

describe("tool arguments", () => {
  it("rejects a zero Fear delta and too many traits in the invalid-parameters shape", async () => {
    const { first } = await connectedPair();
    const result = await first.client.callTool({
      name: "gm_fear_adjust",
      arguments: { campaign_id: "camp_x", delta: 0 },
    });
    expect(result.structuredContent).toEqual({
      error: {
        message: "Invalid parameters provided",
        details: [{ parameter: "delta", issue: "Value must not be 0" }],
      },
    });
    const traits = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`t${i}`, 0]));
    const tooMany = await first.client.callTool({
      name: "character_create",
      arguments: { campaign_id: "camp_x", name: "A", kind: "PC", profile: { traits } },
    });
    expect(tooMany.isError).toBe(true);
    const details = (tooMany.structuredContent as { error: { details: { parameter: string }[] } })
      .error.details;
    expect(details.map((detail) => detail.parameter)).toEqual(["profile.traits"]);
  });

  it("trims names and refuses one that is blank after trimming", async () => {
    const { first } = await connectedPair();
    const campaign = await callOk(first.client, "campaign_create", {
      name: "  Lost Expedition ",
      gm_mode: "HYBRID",
    });
    expect(campaign.name).toBe("Lost Expedition");
    const blank = await first.client.callTool({
      name: "campaign_create",
      arguments: { name: "   ", gm_mode: "HUMAN" },
    });
    expect(blank.isError).toBe(true);
    expect((blank.structuredContent as { error: { message: string } }).error.message).toBe(
      "Invalid parameters provided",
    );
  });

  it("refuses free text holding U+0000, which PostgreSQL cannot store, naming the parameter", async () => {
    const { first } = await connectedPair();
    const result = await first.client.callTool({
      name: "campaign_create",
      arguments: { name: "Lost\u0000Expedition", gm_mode: "AI" },
    });
    expect(result.structuredContent).toEqual({
      error: {
        message: "Invalid parameters provided",
        details: [
          {
            parameter: "name",
            issue: `Contains U+0000 (a control character) at character 5; ${NAME_ACCEPTS}`,
            valid_range: "1-200 characters",
          },
        ],
      },
    });
    expect(await readJson(first.client, "campaigns://list")).toEqual({
      campaigns: [],
      next_cursor: null,
    });
  });

  it("refuses names holding bidirectional or invisible characters, in every tool that takes one", async () => {
    const { first } = await connectedPair();
    const campaign = await callOk(first.client, "campaign_create", { name: "Keep", gm_mode: "AI" });
    await callOk(first.client, "set_context", { campaign_id: campaign.id });
    const session = await callOk(first.client, "session_start", {});
    const character = await callOk(first.client, "character_create", { name: "Ana", kind: "PC" });
    const calls: [string, Record<string, unknown>, string][] = [
      ["campaign_create", { name: "Bob PC \u202Egnp.exe", gm_mode: "AI" }, "name"],
      ["character_create", { name: "bob\u200B", kind: "NPC" }, "name"],
      ["participant_create", { display_name: "bob\u2066", role: "PLAYER" }, "display_name"],
      ["session_start", { name: "Ni\uFEFFght" }, "name"],
      [
        "session_action_roll",
        {
          session_id: session.id,
          character_id: character.id,
          trait: "agility\u00AD",
          difficulty: 10,
        },
        "trait",
      ],
    ];
    for (const [tool, args, parameter] of calls) {
      const error = await callError(first.client, tool, args);
      expect(error.details, tool).toEqual([
        expect.objectContaining({ parameter, issue: expect.stringContaining(NAME_ACCEPTS) }),
      ]);
    }
  });

  it.each([
    ["a zero-width space", "bob\u200B", "U+200B (an invisible format character)"],
    ["a right-to-left override", "bob\u202E", "U+202E (a bidirectional control)"],
  ])("refuses a seat's user holding %s, naming user", async (_what, user, character) => {
    const { first } = await connectedPair();
    const campaign = await callOk(first.client, "campaign_create", { name: "Keep", gm_mode: "AI" });
    const error = await callError(first.client, "participant_create", {
      campaign_id: campaign.id,
      display_name: "Bob",
      role: "PLAYER",
      user,
    });
    expect(error.details).toEqual([
      {
        parameter: "user",
        issue: `Contains ${character} at character 4; ${SUBJECT_ACCEPTS}`,
        valid_range: "1-256 characters",
      },
    ]);
    const seats = await readJson(first.client, `campaign://${campaign.id}/participants`);
    expect(seats.participants).toEqual([]);
  });

  it("keeps line breaks and tabs in notes and refuses bidirectional controls there", async () => {
    const { first } = await connectedPair();
    const campaign = await callOk(first.client, "campaign_create", { name: "Keep", gm_mode: "AI" });
    await callOk(first.client, "set_context", { campaign_id: campaign.id });
    const session = await callOk(first.client, "session_start", {});
    const kept = await callOk(first.client, "session_note_add", {
      session_id: session.id,
      text: "Line one\n\tLine two",
    });
    expect(kept).toMatchObject({ seq: expect.any(Number) });
    const error = await callError(first.client, "session_note_add", {
      session_id: session.id,
      text: "Pay \u202E001$",
    });
    expect(error.details).toEqual([
      {
        parameter: "text",
        issue: `Contains U+202E (a bidirectional control) at character 5; ${TEXT_ACCEPTS}`,
        valid_range: "1-4000 characters",
      },
    ]);
  });

  it("leaves the context unchanged when set_context fails", async () => {
    const { first } = await connectedPair();
    const campaign = await callOk(first.client, "campaign_create", { name: "C", gm_mode: "AI" });
    await callOk(first.client, "set_context", { campaign_id: campaign.id });
    expect(
      await callError(first.client, "set_context", {
        campaign_id: campaign.id,
        session_id: "sess_none",
      }),
    ).toEqual({ code: "NOT_FOUND", message: "session not found" });
    expect(await readJson(first.client, "context://current")).toEqual({
      context: expect.stringMatching(/^ctx_/),
      campaign_id: campaign.id,
      session_id: null,
      participant_id: null,
    });
  });
});

describe("resources", () => {
  it("lists every campaign the reader may see in resources/list, a page at a time", async () => {
    const { first, store } = await connectedPair();
    const ids = Array.from({ length: 403 }, (_, index) => `camp_${String(index).padStart(3, "0")}`);
    await writeRows(store, async (repository) => {
      for (const id of ids) {
        await repository.insertCampaign(campaignRecord(id));
        await repository.recordOwner(id, "local");
      }
    });
    await writeRows(store, (repository) => repository.insertCampaign(campaignRecord("camp_other")));
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      // One page per request: the client's listResources() without a cursor gathers them all.
      const page = await first.client.request({
        method: "resources/list",
        params: cursor === undefined ? {} : { cursor },
      });
      pages.push(page.resources.map((resource) => resource.uri));
      cursor = page.nextCursor;
    } while (cursor !== undefined && pages.length < 10);
    expect(pages.map((page) => page.filter((uri) => uri.startsWith("campaign://")).length)).toEqual(
      [200, 200, 3],
    );
    expect(pages.flat().filter((uri) => uri.startsWith("campaign://"))).toEqual(
      ids.map((id) => `campaign://${id}`),
    );
    expect(pages[0]?.slice(0, 2)).toEqual(["campaigns://list", "context://current"]);
    for (const bad of [
      "camp_001",
      "bm9wZQ",
      Buffer.from('[0,"camp_other"]').toString("base64url"),
    ]) {
      await expect(first.client.listResources({ cursor: bad }), bad).rejects.toMatchObject({
        code: -32602,
        message: "params.cursor is not a cursor this server gave; list again without a cursor",
      });
    }
  });

  it("pages a campaign's characters by cursor and limit", async () => {
    const { first } = await connectedPair();
    const campaign = await callOk(first.client, "campaign_create", { name: "C", gm_mode: "AI" });
    const names = ["A", "B", "C"];
    for (const name of names) {
      await callOk(first.client, "character_create", {
        campaign_id: campaign.id,
        name,
        kind: "NPC",
      });
    }
    const base = `campaign://${campaign.id}/characters`;
    const page1 = await readJson(first.client, `${base}?limit=2`);
    const page1Names = (page1.characters as { name: string }[]).map((c) => c.name);
    expect(page1Names).toEqual(["A", "B"]);
    const page2 = await readJson(first.client, `${base}?cursor=${page1.next_cursor}&limit=2`);
    expect((page2.characters as { name: string }[]).map((c) => c.name)).toEqual(["C"]);
    expect(page2.next_cursor).toBeNull();
    expect(await readJson(first.client, "campaigns://list")).toMatchObject({
      campaigns: [{ id: campaign.id, character_count: 3 }],
      next_cursor: null,
    });
  });

  it("answers missing records with resource-not-found and malformed URIs with -32602", async () => {
    const { first } = await connectedPair();
    const campaign = await callOk(first.client, "campaign_create", { name: "C", gm_mode: "AI" });
    // The SDK v2 sends resource-not-found as -32602 with data {uri}, never -32002.
    expect(await readError(first.client, "campaign://camp_none")).toEqual({
      code: -32602,
      message: "campaign not found",
      notFound: "campaign://camp_none",
    });
    expect(await readError(first.client, "session://sess_none/events")).toEqual({
      code: -32602,
      message: "session not found",
      notFound: "session://sess_none/events",
    });
    const invalid = [
      "campaign://_",
      `campaign://${campaign.id}/characters/extra`,
      `campaign://${campaign.id}?limit=2`,
      `campaign://${campaign.id}/sessions?limit=0`,
      `campaign://${campaign.id}/sessions?limit=201`,
      `campaign://${campaign.id}/sessions?page=2`,
      `campaign://${campaign.id}/sessions?cursor=sess_none`,
      `campaign://${campaign.id}#part`,
    ];
    for (const uri of invalid) {
      const error = await readError(first.client, uri);
      expect(error.code).toBe(-32602);
      expect(error.message).toContain("invalid resource URI: ");
      expect(error.notFound).toBeUndefined();
    }
  });

  it("lists the templates", async () => {
    const { first } = await connectedPair();
    const { resourceTemplates } = await first.client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      "campaign://{campaign_id}",
      "campaign://{campaign_id}/participants{?cursor,limit}",
      "campaign://{campaign_id}/characters{?cursor,limit}",
      "campaign://{campaign_id}/sessions{?cursor,limit}",
      "campaign://{campaign_id}/adversaries{?cursor,limit}",
      "campaign://{campaign_id}/countdowns{?cursor,limit}",
      "session://{session_id}/events{?cursor,limit}",
      "encounter://{encounter_id}",
      "campaigns://list{?cursor,limit}",
      "context://{handle}",
    ]);
  });
});

describe("notifications", () => {
  it("reach only subscribers of the URIs a call changed", async () => {
    const { first, second } = await connectedPair();
    const campaign = await callOk(first.client, "campaign_create", { name: "C", gm_mode: "AI" });
    const campaignUri = `campaign://${campaign.id}`;
    await second.client.subscribeResource({ uri: campaignUri });
    await second.client.subscribeResource({ uri: `${campaignUri}/sessions` });
    await second.client.subscribeResource({ uri: "campaigns://list" });

    const session = await callOk(first.client, "session_start", { campaign_id: campaign.id });
    await callOk(first.client, "gm_fear_adjust", { campaign_id: campaign.id, delta: 12 });
    await callOk(first.client, "gm_fear_adjust", { campaign_id: campaign.id, delta: 1 });
    await updatesArrived(second.updates, 3);

    expect(second.updates).toEqual([`${campaignUri}/sessions`, "campaigns://list", campaignUri]);
    expect(first.updates).toEqual([]);
    const log = await readJson(first.client, `session://${session.id}/events`);
    expect((log.events as { type: string }[]).map((event) => event.type)).toEqual([
      "GM_FEAR_CHANGED",
      "SESSION_STARTED",
    ]);
  });

  it("refuse a subscription without a string uri with -32602, and keep serving", async () => {
    const { first } = await connectedPair();
    for (const method of ["resources/subscribe", "resources/unsubscribe"]) {
      for (const params of [{}, { uri: 5 }]) {
        const refused = first.client.request({ method, params } as never);
        await expect(refused).rejects.toMatchObject({
          code: -32602,
          message: "params.uri must be a string",
        });
      }
    }
    await first.client.subscribeResource({ uri: "campaigns://list" });
    await callOk(first.client, "campaign_create", { name: "C", gm_mode: "AI" });
    await updatesArrived(first.updates, 1);
    expect(first.updates).toEqual(["campaigns://list"]);
  });

  it("refuse a subscription to a URI the server does not serve, naming uri, and keep serving", async () => {
    const { first } = await connectedPair();
    const foreign = [
      "zzz://anything",
      "SESSION://sess_1/events",
      "Campaigns://list",
      "campaigns://list#top",
      "campaign://camp_1#notes",
      "context://current/more",
      "context://ctx_aaaaaaaaaaaaaaaaaaaaaaaaaa",
    ];
    for (const method of ["resources/subscribe", "resources/unsubscribe"]) {
      for (const uri of foreign) {
        const refused = first.client.request({ method, params: { uri } } as never);
        await expect(refused, `${method} ${uri}`).rejects.toMatchObject({
          code: -32602,
          message: expect.stringContaining("params.uri names no resource of this server"),
          data: { uri },
        });
      }
    }
    await first.client.subscribeResource({ uri: "session://sess_1/events" });
    await first.client.subscribeResource({ uri: "campaigns://list" });
    await callOk(first.client, "campaign_create", { name: "C", gm_mode: "AI" });
    await updatesArrived(first.updates, 1);
    expect(first.updates).toEqual(["campaigns://list"]);
  });

  it("holds at most 1,000 subscriptions per session, context://current among them, and keeps serving", async () => {
    const { first } = await connectedPair();
    const subscribe = (uri: string) => first.client.subscribeResource({ uri });
    await subscribe("context://current");
    for (let index = 1; index < 1_000; index++) await subscribe(`campaign://c${index}`);
    const refusal = {
      code: -32602,
      message: "a session may be subscribed to at most 1,000 resources; unsubscribe from one first",
      data: { max_subscriptions: 1_000 },
    };
    await expect(subscribe("campaigns://list")).rejects.toMatchObject(refusal);
    await expect(subscribe(`campaign://${"c".repeat(2_040)}`)).rejects.toMatchObject({
      code: -32602,
      message: "params.uri must be at most 2,048 characters; this one has 2,051",
    });
    await subscribe("campaign://c1");
    await first.client.unsubscribeResource({ uri: "context://current" });
    await subscribe("campaigns://list");
    await expect(subscribe("context://current")).rejects.toMatchObject(refusal);
    await callOk(first.client, "campaign_create", { name: "C", gm_mode: "AI" });
    await updatesArrived(first.updates, 1);
    expect(first.updates).toEqual(["campaigns://list"]);
  });

  it("stamps events with the JSON-RPC id when _meta.request_id holds U+0000", async () => {
    const { first } = await connectedPair();
    const campaign = await callOk(first.client, "campaign_create", { name: "C", gm_mode: "AI" });
    const started = await first.client.callTool({
      name: "session_start",
      arguments: { campaign_id: campaign.id },
      _meta: { request_id: "req\u0000one" },
    });
    const session = started.structuredContent as { id: string };
    const log = await readJson(first.client, `session://${session.id}/events`);
    const [event] = log.events as { request_id: string }[];
    expect(event?.request_id).toMatch(/^[0-9]+$/);
  });

  it("stamps events with a request id of up to 200 characters as sent, and a longer one by its SHA-256", async () => {
    const { first } = await connectedPair();
    const campaign = await callOk(first.client, "campaign_create", { name: "C", gm_mode: "AI" });
    const longest = "r".repeat(200);
    const longer = `${"é".repeat(100)}${"r".repeat(101)}`;
    const stamped = [];
    for (const requestId of [longest, longer]) {
      const started = await first.client.callTool({
        name: "session_start",
        arguments: { campaign_id: campaign.id },
        _meta: { request_id: requestId },
      });
      const session = started.structuredContent as { id: string };
      const log = await readJson(first.client, `session://${session.id}/events`);
      stamped.push((log.events as { request_id: string }[])[0]?.request_id);
      await callOk(first.client, "session_end", {
        campaign_id: campaign.id,
        session_id: session.id,
      });
    }
    const digest = createHash("sha256").update(Buffer.from(longer, "utf8")).digest("hex");
    expect(stamped).toEqual([longest, `sha256:${digest}`]);
  });

  it("stamps events with the JSON-RPC id when no _meta.request_id is given", async () => {
    const { first } = await connectedPair();
    const campaign = await callOk(first.client, "campaign_create", { name: "C", gm_mode: "AI" });
    const session = await callOk(first.client, "session_start", { campaign_id: campaign.id });
    const log = await readJson(first.client, `session://${session.id}/events`);
    const [started] = log.events as { request_id: string; invocation_id: string }[];
    expect(started?.request_id).toMatch(/^[0-9]+$/);
    expect(started?.invocation_id).toMatch(/^inv_[a-z2-7]{26}$/);
  });
});

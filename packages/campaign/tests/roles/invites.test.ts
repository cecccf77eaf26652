import { createHash } from "node:crypto";
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
import { writeRows } from "../support/write-rows.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const START = Date.UTC(2025, 0, 15, 10, 0, 0);
const NO_SUCH_INVITE = {
  code: "NOT_FOUND",
  message: "invite not found: check campaign_id, participant_id and invite_code",
};

describe(`seat invites on ${STORE_KIND}`, () => {
  let database: TestDatabase;
  let store: CampaignStore;
  let clock = START;
  let gm: UserClient;
  let player: UserClient;
  let newcomer: UserClient;
  let latecomer: UserClient;

  beforeAll(async () => {
    database = await freshDatabase();
    store = await openTestStore(database.location);
    const shared = { store, hub: new ResourceHub(), now: () => new Date(clock) };
    gm = await connectAs(shared, { subject: "gm-sub" });
    player = await connectAs(shared, { subject: "player-sub" });
    newcomer = await connectAs(shared, { subject: "newcomer-sub" });
    latecomer = await connectAs(shared, { subject: "latecomer-sub" });
  });

  afterAll(async () => {
    for (const user of [gm, player, newcomer, latecomer]) await user.client.close();
    await store.close();
    await database.remove();
  });

  /** A campaign of the GM with one linked player seat and one open seat. */
  async function campaignWithOpenSeat() {
    clock = START;
    const campaign = (await callOk(gm.client, "campaign_create", { name: "Inn", gm_mode: "HUMAN" }))
      .id as string;
    const seat = (role: string, user?: string) =>
      callOk(gm.client, "participant_create", {
        campaign_id: campaign,
        display_name: "Seat",
        role,
        ...(user === undefined ? {} : { user }),
      });
    const playerSeat = (await seat("PLAYER", player.subject)).id as string;
    const openSeat = (await seat("PLAYER")).id as string;
    return { campaign, playerSeat, openSeat };
  }

  async function invite(participantId: string): Promise<string> {
    const answer = await callOk(gm.client, "participant_invite", { participant_id: participantId });
    return answer.invite_code as string;
  }

  async function expectClaimRefused(
    user: UserClient,
    args: Record<string, unknown>,
    error: { code: string; message: string },
  ) {
    const before = await dumpDatabase(database.location);
    expect(await callError(user.client, "participant_claim", args)).toEqual(error);
    expect(await dumpDatabase(database.location)).toEqual(before);
  }

  it("issues a 160-bit code that expires in 7 days and is stored only as its SHA-256", async () => {
    const { campaign, openSeat } = await campaignWithOpenSeat();
    const answer = await callOk(gm.client, "participant_invite", { participant_id: openSeat });
    expect(answer).toEqual({
      campaign_id: campaign,
      participant_id: openSeat,
      invite_code: expect.stringMatching(/^[a-z2-7]{32}$/),
      expires_at: new Date(START + 7 * DAY_MS).toISOString(),
    });
    const code = answer.invite_code as string;
    const dump = await dumpDatabase(database.location);
    const digest = createHash("sha256").update(code).digest("hex");
    const rows = (dump.seat_invites ?? []).map((row) => JSON.parse(row) as Record<string, unknown>);
    expect(rows.find((row) => row.participant_id === openSeat)?.code_sha256).toBe(digest);
    expect(JSON.stringify(dump)).not.toContain(code);
  });

  it("links the seat to whoever claims it first, once; the second claim is refused", async () => {
    const { campaign, openSeat } = await campaignWithOpenSeat();
    const code = await invite(openSeat);
    const args = { campaign_id: campaign, participant_id: openSeat, invite_code: code };
    expect(await readJson(newcomer.client, "campaigns://list")).toMatchObject({ campaigns: [] });

    const claimed = await callOk(newcomer.client, "participant_claim", args);

    expect(claimed).toMatchObject({ id: openSeat, user: newcomer.subject, role: "PLAYER" });
    const list = await readJson(newcomer.client, "campaigns://list");
    expect((list.campaigns as { id: string }[]).map((item) => item.id)).toEqual([campaign]);
    const used = { code: "FAILED_PRECONDITION", message: "invite code already used" };
    await expectClaimRefused(latecomer, args, used);
    await expectClaimRefused(newcomer, args, used);
    await expectClaimRefused(latecomer, args, used);
  });

  it("refuses an expired code, and takes one until its last millisecond", async () => {
    const { campaign, openSeat } = await campaignWithOpenSeat();
    const code = await invite(openSeat);
    const args = { campaign_id: campaign, participant_id: openSeat, invite_code: code };
    const expiresAt = new Date(START + 7 * DAY_MS).toISOString();

    clock = START + 7 * DAY_MS;
    await expectClaimRefused(newcomer, args, {
      code: "FAILED_PRECONDITION",
      message: `invite code expired at ${expiresAt}; ask the GM for a new one`,
    });
    clock = START + 7 * DAY_MS - 1;
    expect(await callOk(newcomer.client, "participant_claim", args)).toMatchObject({
      user: newcomer.subject,
    });
  });

  it("answers a wrong code exactly like a campaign or seat that does not exist", async () => {
    const { campaign, openSeat, playerSeat } = await campaignWithOpenSeat();
    const code = await invite(openSeat);
    const wrong = code.replace(/^./, code.startsWith("a") ? "b" : "a");
    for (const args of [
      { campaign_id: campaign, participant_id: openSeat, invite_code: wrong },
      { campaign_id: "camp_none", participant_id: openSeat, invite_code: code },
      { campaign_id: campaign, participant_id: "part_none", invite_code: code },
      { campaign_id: campaign, participant_id: playerSeat, invite_code: code },
    ]) {
      await expectClaimRefused(newcomer, args, NO_SUCH_INVITE);
    }
  });

  it("replaces a seat's earlier code with a new invite", async () => {
    const { campaign, openSeat } = await campaignWithOpenSeat();
    const first = await invite(openSeat);
    const second = await invite(openSeat);
    const args = (code: string) => ({
      campaign_id: campaign,
      participant_id: openSeat,
      invite_code: code,
    });
    await expectClaimRefused(newcomer, args(first), NO_SUCH_INVITE);
    expect(await callOk(newcomer.client, "participant_claim", args(second))).toMatchObject({
      user: newcomer.subject,
    });
  });

  it("gives a subject at most one seat per campaign", async () => {
    const { campaign, openSeat } = await campaignWithOpenSeat();
    const code = await invite(openSeat);
    const seats = await readJson(gm.client, `campaign://${campaign}/participants`);
    const playerSeat = (seats.participants as { id: string; user: string | null }[]).find(
      (seat) => seat.user === player.subject,
    )?.id;
    await expectClaimRefused(
      player,
      { campaign_id: campaign, participant_id: openSeat, invite_code: code },
      {
        code: "FAILED_PRECONDITION",
        message: `you already have a seat in this campaign: ${playerSeat}`,
      },
    );
    const before = await dumpDatabase(database.location);
    expect(
      await callError(gm.client, "participant_create", {
        campaign_id: campaign,
        display_name: "Twice",
        role: "PLAYER",
        user: player.subject,
      }),
    ).toEqual({
      code: "FAILED_PRECONDITION",
      message: `user ${player.subject} already has a seat in this campaign: ${playerSeat}`,
    });
    expect(await dumpDatabase(database.location)).toEqual(before);
  });

  it("refuses to invite to a linked seat, and to claim a seat linked since its invite", async () => {
    const { campaign, openSeat, playerSeat } = await campaignWithOpenSeat();
    const linked = {
      code: "FAILED_PRECONDITION",
      message: "participant is already linked to a user",
    };
    const before = await dumpDatabase(database.location);
    expect(
      await callError(gm.client, "participant_invite", { participant_id: playerSeat }),
    ).toEqual(linked);
    expect(await dumpDatabase(database.location)).toEqual(before);

    // What a claim racing a new invite could leave behind: a live code on a linked seat.
    const code = await invite(openSeat);
    await writeRows(store, async (repository) => {
      const seat = await repository.getParticipant(openSeat);
      if (!seat) throw new Error("no seat");
      await repository.updateParticipant({ ...seat, user: "someone-else" });
    });
    await expectClaimRefused(
      newcomer,
      { campaign_id: campaign, participant_id: openSeat, invite_code: code },
      linked,
    );
  });
});

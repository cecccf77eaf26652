import { describe, expect, it } from "vitest";
import { createCampaign } from "../../src/commands/create-campaign.js";
import { testEnvironment } from "./test-environment.js";

async function gmSeatOf(actor: { subject: string; name?: string }) {
  const environment = await testEnvironment();
  const campaign = (await createCampaign(environment, { name: "C", gm_mode: "AI" }, actor)).value;
  const page = await environment.store.read((repository) =>
    repository.listParticipants(campaign.id, { limit: 10 }),
  );
  return { campaign, seats: page?.items ?? [] };
}

describe("campaign_create's GM seat", () => {
  it("is named after the token's name, cleaned and cut to 100 characters", async () => {
    const long = `  ${"Ø".repeat(120)}\u0000 `;
    const { campaign, seats } = await gmSeatOf({ subject: "sub-1", name: long });
    expect(campaign.participant_count).toBe(1);
    expect(seats).toEqual([
      {
        id: "part_2",
        campaign_id: "camp_1",
        display_name: "Ø".repeat(100),
        role: "GM",
        controller: "HUMAN",
        user: "sub-1",
        created_at: "2025-01-15T10:00:00.000Z",
        updated_at: "2025-01-15T10:00:00.000Z",
      },
    ]);
  });

  it("is named after the subject when the name is blank, and absent for the process owner", async () => {
    expect((await gmSeatOf({ subject: "alice", name: "   " })).seats[0]?.display_name).toBe(
      "alice",
    );
    const owner = await gmSeatOf({ subject: "local" });
    expect(owner.seats).toEqual([]);
    expect(owner.campaign.participant_count).toBe(0);
  });
});

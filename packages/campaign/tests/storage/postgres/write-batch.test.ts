import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createCampaign } from "../../../src/commands/create-campaign.js";
import type { CampaignRepository, CampaignStore } from "../../../src/storage/campaign-store.js";
import { openPostgresCampaignStore } from "../../../src/storage/postgres/open-postgres-store.js";
import { newPostgresDatabase, type TestDatabase } from "../../support/store-under-test.js";

/** Group commit on PostgreSQL (docs/campaign.md §10.2), through the store's own interface. */

let database: TestDatabase | undefined;
let store: CampaignStore | undefined;
let ids = 0;

afterEach(async () => {
  await store?.close();
  await database?.remove();
  store = undefined;
  database = undefined;
});

async function openStore(): Promise<CampaignStore> {
  database = await newPostgresDatabase();
  store = await openPostgresCampaignStore(database.location);
  return store;
}

async function newCampaign(opened: CampaignStore): Promise<string> {
  const environment = {
    store: opened,
    now: () => new Date(Date.UTC(2025, 0, 15)),
    newId: (prefix: string) => `${prefix}_${++ids}`,
    newInviteCode: () => "a".repeat(32),
    rollDie: () => 1,
  };
  return (await createCampaign(environment, { name: "Batch", gm_mode: "AI" })).value.id;
}

/** Locks the campaign, as every tool that changes one does first, and sets its GM Fear. */
async function setFear(repository: CampaignRepository, campaignId: string, fear: number) {
  const campaign = await repository.lockCampaign(campaignId);
  if (!campaign) throw new Error(`no campaign ${campaignId}`);
  await repository.updateCampaign({ ...campaign, gm_fear: fear });
}

async function fearOf(opened: CampaignStore, campaignId: string): Promise<number | undefined> {
  return (await opened.read((repository) => repository.getCampaign(campaignId)))?.gm_fear;
}

const nothingChanged = <Value>(value: Value) => ({ value, changedUris: [] });
const pause = (milliseconds: number) =>
  new Promise<"pending">((resolve) => setTimeout(() => resolve("pending"), milliseconds));

describe("writes that arrive together on PostgreSQL", () => {
  it("commit together: none is acknowledged before the slowest of its group is done", async () => {
    const opened = await openStore();
    const [quick, slow] = [await newCampaign(opened), await newCampaign(opened)];
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });

    const quickWrite = opened.write(async (repository) => {
      await setFear(repository, quick, 2);
      return nothingChanged("quick");
    });
    const slowWrite = opened.write(async (repository) => {
      await setFear(repository, slow, 3);
      await released;
      return nothingChanged("slow");
    });

    expect(await Promise.race([quickWrite.then((written) => written.value), pause(300)])).toBe(
      "pending",
    );
    release();
    expect((await quickWrite).value).toBe("quick");
    expect((await slowWrite).value).toBe("slow");
    expect([await fearOf(opened, quick), await fearOf(opened, slow)]).toEqual([2, 3]);
  });

  it("take turns on one campaign, each seeing the writes before it", async () => {
    const opened = await openStore();
    const campaign = await newCampaign(opened);

    await Promise.all(
      Array.from({ length: 10 }, () =>
        opened.write(async (repository) => {
          const current = await repository.lockCampaign(campaign);
          if (!current) throw new Error("no campaign");
          await repository.updateCampaign({ ...current, gm_fear: current.gm_fear + 1 });
          return nothingChanged(undefined);
        }),
      ),
    );

    expect(await fearOf(opened, campaign)).toBe(10);
  });

  it("leave nothing of a write that failed after writing, and commit the others", async () => {
    const opened = await openStore();
    const [failing, other] = [await newCampaign(opened), await newCampaign(opened)];

    const failed = opened
      .write(async (repository) => {
        await setFear(repository, failing, 5);
        throw new Error("changed its mind");
      })
      .catch((thrown: unknown) => thrown);
    const committed = opened.write(async (repository) => {
      await setFear(repository, other, 4);
      return nothingChanged("kept");
    });

    expect(await failed).toEqual(new Error("changed its mind"));
    expect((await committed).value).toBe("kept");
    expect([await fearOf(opened, failing), await fearOf(opened, other)]).toEqual([0, 4]);
  });

  it("announce the changes of every write of a group when it commits, and none of a write that failed", async () => {
    const opened = await openStore();
    const campaigns = [await newCampaign(opened), await newCampaign(opened)];
    const failing = await newCampaign(opened);
    const listener = new pg.Client({ connectionString: database?.location });
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (message) => {
      heard.push(...(JSON.parse(message.payload ?? "{}") as { uris: string[] }).uris);
    });
    await listener.query("LISTEN tabletop_campaign");

    const writes = campaigns.map((campaign) =>
      opened.write(async (repository) => {
        await setFear(repository, campaign, 1);
        return { value: undefined, changedUris: [`campaign://${campaign}`] };
      }),
    );
    const failed = opened
      .write(async (repository) => {
        await setFear(repository, failing, 1);
        throw new Error("changed its mind");
      })
      .catch((thrown: unknown) => thrown);
    await Promise.all([...writes, failed]);
    await listener.query("SELECT 1");
    await pause(100);
    await listener.end();

    expect(heard.sort()).toEqual(campaigns.map((campaign) => `campaign://${campaign}`).sort());
  });

  it("wait for a campaign that another transaction holds, then commit", async () => {
    const opened = await openStore();
    const campaign = await newCampaign(opened);
    const holder = new pg.Client({ connectionString: database?.location });
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query("SELECT 1 FROM campaigns WHERE id = $1 FOR UPDATE", [campaign]);

    const writes = Array.from({ length: 3 }, (_, index) =>
      opened.write(async (repository) => {
        const current = await repository.lockCampaign(campaign);
        if (!current) throw new Error("no campaign");
        await repository.updateCampaign({ ...current, gm_fear: current.gm_fear + 1 });
        return nothingChanged(index);
      }),
    );
    const waited = await Promise.race([Promise.all(writes), pause(300)]);
    await holder.query("COMMIT");
    await holder.end();

    expect(waited).toBe("pending");
    expect((await Promise.all(writes)).map((written) => written.value)).toEqual([0, 1, 2]);
    expect(await fearOf(opened, campaign)).toBe(3);
  });
});

import pg from "pg";
import { describe, expect, it } from "vitest";
import { adjustGmFear } from "../../../src/commands/adjust-gm-fear.js";
import { PROCESS_OWNER } from "../../../src/commands/command-environment.js";
import { createCampaign } from "../../../src/commands/create-campaign.js";
import { CampaignError } from "../../../src/domain/campaign-error.js";
import { emptyContext } from "../../../src/domain/records.js";
import { poolConfig } from "../../../src/storage/postgres/connection-options.js";
import { openPostgresCampaignStore } from "../../../src/storage/postgres/open-postgres-store.js";
import { POSTGRES_SCHEMA_VERSION } from "../../../src/storage/postgres/postgres-migrations.js";
import { StorageError } from "../../../src/storage/storage-error.js";
import { runSql } from "../../support/sql.mjs";
import { newPostgresDatabase } from "../../support/store-under-test.js";

const caller = { context: emptyContext(), requestId: "1", actor: PROCESS_OWNER };

describe("the PostgreSQL store's schema", () => {
  it("migrates an empty database and keeps its version as a row", async () => {
    const database = await newPostgresDatabase({ empty: true });
    const store = await openPostgresCampaignStore(database.location);
    await store.close();
    const rows = await runSql(
      database.location,
      "SELECT version FROM campaign_schema_migrations ORDER BY version",
    );
    await database.remove();
    expect(rows).toEqual(
      Array.from({ length: POSTGRES_SCHEMA_VERSION }, (_, index) => ({ version: index + 1 })),
    );
  });

  it("refuses a database written by a newer server", async () => {
    const database = await newPostgresDatabase();
    await runSql(
      database.location,
      "INSERT INTO campaign_schema_migrations (version) VALUES ($1)",
      [POSTGRES_SCHEMA_VERSION + 1],
    );
    const opening = openPostgresCampaignStore(database.location);
    await expect(opening).rejects.toThrow(
      new StorageError(
        "SCHEMA_TOO_NEW",
        `schema version ${POSTGRES_SCHEMA_VERSION + 1} is newer than supported ${POSTGRES_SCHEMA_VERSION}`,
      ),
    );
    await database.remove();
  });
});

describe("the PostgreSQL store's failures", () => {
  it("says why a server cannot be reached, without the password", async () => {
    const opening = openPostgresCampaignStore("postgres://gm:hunter2@127.0.0.1:1/campaign");
    const error = await opening.catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).code).toBe("OPEN_FAILED");
    expect((error as StorageError).message).toMatch(/ECONNREFUSED/);
    expect((error as StorageError).message).toContain("postgres://gm:***@127.0.0.1:1/campaign");
    expect((error as StorageError).message).not.toContain("hunter2");
  });

  it("answers storage busy when a write waits past the lock timeout for its campaign", async () => {
    const database = await newPostgresDatabase();
    const store = await openPostgresCampaignStore(
      `${database.location}?options=${encodeURIComponent("-c lock_timeout=200")}`,
    );
    const environment = {
      store,
      now: () => new Date(Date.UTC(2025, 0, 15)),
      newId: (prefix: string) => `${prefix}_1`,
      newInviteCode: () => "a".repeat(32),
      rollDie: () => 1,
    };
    const campaign = (await createCampaign(environment, { name: "Held", gm_mode: "AI" })).value;
    const holder = new pg.Client({ connectionString: database.location });
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query("SELECT 1 FROM campaigns WHERE id = $1 FOR UPDATE", [campaign.id]);

    const refusal = await adjustGmFear(environment, caller, {
      campaign_id: campaign.id,
      delta: 1,
    }).catch((thrown: unknown) => thrown);
    await holder.query("ROLLBACK");
    await holder.end();
    const after = await store.read((repository) => repository.getCampaign(campaign.id));
    await store.close();
    await database.remove();

    expect(refusal).toEqual(new CampaignError("FAILED_PRECONDITION", "storage busy; retry"));
    expect(after?.gm_fear).toBe(0);
  });
});

describe("a PostgreSQL store whose connections are all busy", () => {
  it("answers storage busy once a write has waited as long as it may for one", async () => {
    const database = await newPostgresDatabase();
    const store = await openPostgresCampaignStore(database.location, { pool: 1 });
    let release = () => {};
    let entered = () => {};
    const holdsTheConnection = new Promise<void>((resolve) => {
      entered = resolve;
    });
    // A write that does not lock a campaign first runs in a transaction of its own, which
    // keeps the only connection until it is released.
    const holding = store.write(async (repository) => {
      await repository.getCampaign("nothing");
      entered();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { value: undefined, changedUris: [] };
    });
    await holdsTheConnection;
    const waiting = store
      .write(async (repository) => {
        await repository.lockCampaign("nothing");
        return { value: undefined, changedUris: [] };
      })
      .catch((thrown: unknown) => thrown);

    const refusal = await waiting;
    release();
    await holding;
    await store.close();
    await database.remove();

    expect(refusal).toEqual(new CampaignError("FAILED_PRECONDITION", "storage busy; retry"));
  });
});

describe("the PostgreSQL store's connections", () => {
  it("commit synchronously even where the database's default says otherwise", async () => {
    const database = await newPostgresDatabase();
    const name = new URL(database.location).pathname.slice(1);
    await runSql(database.location, `ALTER DATABASE ${name} SET synchronous_commit = off`);
    const pool = new pg.Pool(poolConfig(database.location, 1));
    const [plain] = await runSql<{ synchronous_commit: string }>(
      database.location,
      "SHOW synchronous_commit",
    );
    const { rows } = await pool.query<{ synchronous_commit: string }>("SHOW synchronous_commit");
    await pool.end();
    await database.remove();

    expect(plain?.synchronous_commit).toBe("off");
    expect(rows).toEqual([{ synchronous_commit: "on" }]);
  });
});

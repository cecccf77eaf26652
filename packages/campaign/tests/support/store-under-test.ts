import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject, onTestFinished } from "vitest";
import type { CampaignStore } from "../../src/storage/campaign-store.js";
import { openPostgresCampaignStore } from "../../src/storage/postgres/open-postgres-store.js";
import { openCampaignStore } from "../../src/storage/sqlite/open-sqlite-store.js";
import { runSql } from "./sql.mjs";

/** The stores the suite runs against; the vitest project sets `CAMPAIGN_TEST_STORE`. */
export type StoreKind = "sqlite" | "postgres";

/** The store of this run: every shared test runs once per store (see vitest.config.ts). */
export const STORE_KIND: StoreKind =
  process.env.CAMPAIGN_TEST_STORE === "postgres" ? "postgres" : "sqlite";

/** The migrated database that each test's PostgreSQL database is copied from. */
export const TEMPLATE_DATABASE = "campaign_template";

/** A database of the store under test, as `--db` names it, and how to delete it. */
export interface TestDatabase {
  location: string;
  remove: () => Promise<void>;
}

/** The URL of the run's PostgreSQL cluster (postgres project only). */
export function postgresServerUrl(): string {
  return inject("postgresUrl");
}

/**
 * A new database on the run's PostgreSQL cluster.
 *
 * @param options - `empty` for one without the campaign schema (to test migrations)
 * @returns its URL and how to drop it
 */
export async function newPostgresDatabase(
  options: { empty?: boolean } = {},
): Promise<TestDatabase> {
  const server = postgresServerUrl();
  const name = `test_${randomBytes(6).toString("hex")}`;
  const template = options.empty ? "template1" : TEMPLATE_DATABASE;
  await runSql(server, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return {
    location: server.replace(/\/postgres$/, `/${name}`),
    remove: async () => {
      await runSql(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A new, empty database of the store under test: a file in a new directory for SQLite, a new
 * database of the run's cluster for PostgreSQL.
 *
 * @returns its `--db` value and how to delete it
 */
export async function freshDatabase(): Promise<TestDatabase> {
  if (STORE_KIND === "postgres") return newPostgresDatabase();
  const directory = mkdtempSync(join(tmpdir(), "campaign-test-"));
  return {
    location: join(directory, "campaign.db"),
    remove: async () => rmSync(directory, { recursive: true, force: true }),
  };
}

/**
 * A store of the kind under test on a database of its own, closed (and its database deleted)
 * when the current test finishes. SQLite stores live in memory.
 *
 * @returns the open store
 */
export async function freshStore(): Promise<CampaignStore> {
  if (STORE_KIND === "sqlite") {
    const store = openCampaignStore(":memory:");
    onTestFinished(() => store.close());
    return store;
  }
  const database = await newPostgresDatabase();
  const store = await openPostgresCampaignStore(database.location, { pool: 2 });
  onTestFinished(async () => {
    await store.close();
    await database.remove();
  });
  return store;
}

/**
 * Opens a store of the kind under test on an existing database.
 *
 * @param location - from {@link freshDatabase}
 * @returns the store; the caller closes it
 */
export async function openTestStore(location: string): Promise<CampaignStore> {
  return STORE_KIND === "postgres"
    ? openPostgresCampaignStore(location, { pool: 2 })
    : openCampaignStore(location);
}

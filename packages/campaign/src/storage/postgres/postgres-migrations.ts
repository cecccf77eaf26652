import type postgres from "postgres";
import { StorageError } from "../storage-error.js";
import { SCHEMA } from "./migrations/0001-schema.js";

/** The schema changes in order; migration N is at index N - 1, one file each in migrations/. */
const MIGRATIONS: readonly string[] = [SCHEMA];

/** The newest schema version this code knows on PostgreSQL. */
export const POSTGRES_SCHEMA_VERSION = MIGRATIONS.length;

/**
 * The key of the advisory lock that makes replicas starting together migrate one at a time:
 * the bytes of "tabletop" read as a 64-bit integer.
 */
const MIGRATION_LOCK = "8386658464824651632";

/**
 * Brings a database up to {@link POSTGRES_SCHEMA_VERSION} in one transaction, under an
 * advisory lock: a second replica starting at the same moment waits, then finds the work done.
 * Each applied migration is a row of `campaign_schema_migrations`; the highest is the version.
 *
 * @param sql - the pool
 * @throws StorageError `SCHEMA_TOO_NEW` for a database written by a newer server
 */
export async function migrate(sql: postgres.Sql): Promise<void> {
  await sql.begin(async (transaction) => {
    await transaction`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK}::bigint)`;
    await transaction`
      CREATE TABLE IF NOT EXISTS campaign_schema_migrations (
        version integer PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`;
    const [row] = await transaction<{ version: number }[]>`
      SELECT coalesce(max(version), 0)::integer AS version FROM campaign_schema_migrations`;
    const current = row?.version ?? 0;
    if (current > POSTGRES_SCHEMA_VERSION) {
      throw new StorageError(
        "SCHEMA_TOO_NEW",
        `schema version ${current} is newer than supported ${POSTGRES_SCHEMA_VERSION}`,
      );
    }
    for (let version = current + 1; version <= POSTGRES_SCHEMA_VERSION; version++) {
      await transaction.unsafe(MIGRATIONS[version - 1] ?? "").simple();
      await transaction`INSERT INTO campaign_schema_migrations (version) VALUES (${version})`;
    }
  });
}

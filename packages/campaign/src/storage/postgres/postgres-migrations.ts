import type { Pool } from "pg";
import { StorageError } from "../storage-error.js";
import { SCHEMA } from "./migrations/0001-schema.js";
import { ROLES } from "./migrations/0002-roles.js";
import { MCP_SESSIONS } from "./migrations/0003-mcp-sessions.js";
import { CHECKS_AS_DOMAINS } from "./migrations/0004-checks-as-domains.js";
import { GM_ONLY_CHARACTER_NOTES } from "./migrations/0005-gm-only-character-notes.js";
import { CONTEXT_HANDLES } from "./migrations/0006-context-handles.js";
import { EDIT_EVENTS } from "./migrations/0007-edit-events.js";
import { EVENT_SEARCH } from "./migrations/0008-event-search.js";
import { ADVERSARIES } from "./migrations/0009-adversaries.js";
import { ENCOUNTERS } from "./migrations/0010-encounters.js";
import { FIGHT_EVENTS } from "./migrations/0011-fight-events.js";
import { COUNTDOWNS } from "./migrations/0012-countdowns.js";
import { CHARACTER_CONDITIONS } from "./migrations/0013-character-conditions.js";
import { runTransaction } from "./postgres-transaction.js";

/** The schema changes in order; migration N is at index N - 1, one file each in migrations/. */
const MIGRATIONS: readonly string[] = [
  SCHEMA,
  ROLES,
  MCP_SESSIONS,
  CHECKS_AS_DOMAINS,
  GM_ONLY_CHARACTER_NOTES,
  CONTEXT_HANDLES,
  EDIT_EVENTS,
  EVENT_SEARCH,
  ADVERSARIES,
  ENCOUNTERS,
  FIGHT_EVENTS,
  COUNTDOWNS,
  CHARACTER_CONDITIONS,
];

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
 * @param pool - the pool
 * @param target - the version to stop at (an older one only to test the migrations)
 * @throws StorageError `SCHEMA_TOO_NEW` for a database written by a newer server
 */
export async function migrate(pool: Pool, target = POSTGRES_SCHEMA_VERSION): Promise<void> {
  await runTransaction(pool, async (statements) => {
    await statements.query({
      text: "SELECT pg_advisory_xact_lock($1::bigint)",
      values: [MIGRATION_LOCK],
    });
    await statements.query({
      text: `CREATE TABLE IF NOT EXISTS campaign_schema_migrations (
        version integer PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`,
    });
    const { rows } = await statements.query<{ version: number }>({
      text: "SELECT coalesce(max(version), 0)::integer AS version FROM campaign_schema_migrations",
    });
    const current = rows[0]?.version ?? 0;
    if (current > POSTGRES_SCHEMA_VERSION) {
      throw new StorageError(
        "SCHEMA_TOO_NEW",
        `schema version ${current} is newer than supported ${POSTGRES_SCHEMA_VERSION}`,
      );
    }
    for (let version = current + 1; version <= target; version++) {
      await statements.query({ text: MIGRATIONS[version - 1] ?? "" });
      await statements.query({
        text: "INSERT INTO campaign_schema_migrations (version) VALUES ($1)",
        values: [version],
      });
    }
  });
}

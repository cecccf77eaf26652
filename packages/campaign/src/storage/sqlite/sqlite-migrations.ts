import type Database from "better-sqlite3";
import { StorageError } from "../storage-error.js";

/** The schema as of version 1 (campaign.md §8): the ranges of §2 are enforced by the database. */
const VERSION_1 = `
CREATE TABLE campaigns (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  gm_mode TEXT NOT NULL CHECK (gm_mode IN ('HUMAN', 'AI', 'HYBRID')),
  theme_prompt TEXT NOT NULL CHECK (length(theme_prompt) <= 4000),
  participant_count INTEGER NOT NULL CHECK (participant_count >= 0),
  character_count INTEGER NOT NULL CHECK (character_count >= 0),
  gm_fear INTEGER NOT NULL CHECK (gm_fear BETWEEN 0 AND 12),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE participants (
  id TEXT PRIMARY KEY,
  campaign_id TEXT NOT NULL REFERENCES campaigns (id),
  display_name TEXT NOT NULL CHECK (length(display_name) BETWEEN 1 AND 100),
  role TEXT NOT NULL CHECK (role IN ('GM', 'PLAYER')),
  controller TEXT NOT NULL CHECK (controller IN ('HUMAN', 'AI')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX participants_by_campaign ON participants (campaign_id);
CREATE TABLE characters (
  id TEXT PRIMARY KEY,
  campaign_id TEXT NOT NULL REFERENCES campaigns (id),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  kind TEXT NOT NULL CHECK (kind IN ('PC', 'NPC')),
  notes TEXT NOT NULL CHECK (length(notes) <= 4000),
  controller TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX characters_by_campaign ON characters (campaign_id);
CREATE TABLE character_profiles (
  character_id TEXT PRIMARY KEY REFERENCES characters (id),
  traits_json TEXT NOT NULL CHECK (json_valid(traits_json)),
  hp_max INTEGER NOT NULL CHECK (hp_max BETWEEN 1 AND 30),
  stress_max INTEGER NOT NULL CHECK (stress_max BETWEEN 0 AND 20),
  evasion INTEGER NOT NULL CHECK (evasion BETWEEN 0 AND 50),
  major_threshold INTEGER NOT NULL CHECK (major_threshold BETWEEN 0 AND 500),
  severe_threshold INTEGER NOT NULL CHECK (severe_threshold BETWEEN 0 AND 500),
  CHECK (severe_threshold >= major_threshold)
) WITHOUT ROWID;
CREATE TABLE character_states (
  character_id TEXT PRIMARY KEY REFERENCES characters (id),
  hope INTEGER NOT NULL CHECK (hope BETWEEN 0 AND 6),
  stress INTEGER NOT NULL CHECK (stress BETWEEN 0 AND 20),
  hp INTEGER NOT NULL CHECK (hp BETWEEN 0 AND 30)
) WITHOUT ROWID;
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  campaign_id TEXT NOT NULL REFERENCES campaigns (id),
  name TEXT NOT NULL CHECK (length(name) <= 200),
  status TEXT NOT NULL CHECK (status IN ('ACTIVE', 'ENDED')),
  started_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  ended_at TEXT,
  CHECK ((status = 'ENDED') = (ended_at IS NOT NULL))
);
CREATE INDEX sessions_by_campaign ON sessions (campaign_id);
CREATE UNIQUE INDEX one_active_session_per_campaign ON sessions (campaign_id)
  WHERE status = 'ACTIVE';
CREATE TABLE session_events (
  session_id TEXT NOT NULL REFERENCES sessions (id),
  seq INTEGER NOT NULL CHECK (seq >= 1),
  ts TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('SESSION_STARTED', 'SESSION_ENDED', 'NOTE_ADDED',
    'ACTION_ROLL_REQUESTED', 'ACTION_ROLL_RESOLVED', 'OUTCOME_APPLY_REQUESTED',
    'OUTCOME_APPLIED', 'OUTCOME_REJECTED', 'REQUEST_REJECTED', 'PARTICIPANT_CREATED',
    'CHARACTER_CREATED', 'CHARACTER_CONTROL_SET', 'CHARACTER_PROFILE_PATCHED',
    'CHARACTER_STATE_PATCHED', 'GM_FEAR_CHANGED')),
  request_id TEXT NOT NULL,
  invocation_id TEXT NOT NULL,
  participant_id TEXT,
  character_id TEXT,
  payload_json TEXT NOT NULL CHECK (json_valid(payload_json)),
  PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;
CREATE TABLE outcome_applications (
  session_id TEXT NOT NULL,
  roll_seq INTEGER NOT NULL,
  applied_at TEXT NOT NULL,
  PRIMARY KEY (session_id, roll_seq),
  FOREIGN KEY (session_id, roll_seq) REFERENCES session_events (session_id, seq)
) WITHOUT ROWID;
`;

/**
 * Version 2: the change feed. Every committed write records the resource URIs it changed, so
 * that other processes sharing the file can notify their own subscribers (see
 * `sqlite-change-feed.ts`). `origin` names the writing store, which skips its own rows.
 */
const VERSION_2 = `
CREATE TABLE resource_changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  origin TEXT NOT NULL,
  uris_json TEXT NOT NULL CHECK (json_valid(uris_json)),
  changed_at INTEGER NOT NULL
);
`;

/** The schema changes in order; index + 1 is the `user_version` each one leaves behind. */
const MIGRATIONS: readonly string[] = [VERSION_1, VERSION_2];

/** The newest schema version this code knows. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Brings a database up to {@link SCHEMA_VERSION} in one transaction; `PRAGMA user_version`
 * records how far a database is.
 *
 * @param database - an open connection
 * @throws StorageError `SCHEMA_TOO_NEW` for a database written by a newer server
 */
export function migrate(database: Database.Database): void {
  database
    .transaction(() => {
      const current = database.pragma("user_version", { simple: true }) as number;
      if (current > SCHEMA_VERSION) {
        throw new StorageError(
          "SCHEMA_TOO_NEW",
          `schema version ${current} is newer than supported ${SCHEMA_VERSION}`,
        );
      }
      for (let version = current + 1; version <= SCHEMA_VERSION; version++) {
        database.exec(MIGRATIONS[version - 1] ?? "");
        database.pragma(`user_version = ${version}`);
      }
    })
    .immediate();
}

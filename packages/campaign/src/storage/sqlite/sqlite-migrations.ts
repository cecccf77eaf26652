import type Database from "better-sqlite3";
import { StorageError } from "../storage-error.js";

/**
 * The schema as of version 1 (docs/campaign.md §8): the ranges of §2 are enforced by the
 * database.
 */
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

/**
 * Version 3: who may do what (docs/campaign.md §11). Each campaign's owner (campaigns made
 * before are the process owner's, `local`), the subject linked to each participant (at most
 * one seat per subject and campaign), the subject behind each event (`local` for events
 * written before) and whether it is a GM-only note, invites to claim seats (codes kept as
 * SHA-256 only), and who may hear of each recorded change.
 */
const VERSION_3 = `
CREATE TABLE campaign_owners (
  campaign_id TEXT PRIMARY KEY REFERENCES campaigns (id),
  owner TEXT NOT NULL CHECK (length(owner) BETWEEN 1 AND 256)
) WITHOUT ROWID;
CREATE INDEX campaign_owners_by_owner ON campaign_owners (owner);
INSERT INTO campaign_owners (campaign_id, owner) SELECT id, 'local' FROM campaigns;
ALTER TABLE participants ADD COLUMN user_subject TEXT
  CHECK (user_subject IS NULL OR length(user_subject) BETWEEN 1 AND 256);
CREATE UNIQUE INDEX one_seat_per_user ON participants (campaign_id, user_subject);
CREATE INDEX participants_by_user ON participants (user_subject);
ALTER TABLE session_events ADD COLUMN actor TEXT NOT NULL DEFAULT 'local'
  CHECK (length(actor) BETWEEN 1 AND 256);
ALTER TABLE session_events ADD COLUMN gm_only INTEGER NOT NULL DEFAULT 0
  CHECK (gm_only IN (0, 1));
CREATE TABLE seat_invites (
  participant_id TEXT PRIMARY KEY REFERENCES participants (id),
  campaign_id TEXT NOT NULL REFERENCES campaigns (id),
  code_sha256 TEXT NOT NULL CHECK (length(code_sha256) = 64),
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_by TEXT,
  used_at TEXT,
  CHECK ((used_by IS NULL) = (used_at IS NULL))
) WITHOUT ROWID;
ALTER TABLE resource_changes ADD COLUMN audience_json TEXT
  CHECK (audience_json IS NULL OR json_valid(audience_json));
`;

/**
 * Version 4: MCP sessions kept for every process sharing the file to serve (docs/campaign.md
 * §10.5): who opened each, the client's `initialize` parameters, its campaign context and
 * subscriptions (JSON), and when it was last used, by which idle sessions expire.
 */
const VERSION_4 = `
CREATE TABLE mcp_sessions (
  id TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 128),
  subject TEXT,
  initialize TEXT NOT NULL,
  context TEXT NOT NULL,
  subscriptions TEXT NOT NULL,
  last_seen TEXT NOT NULL
);
CREATE INDEX mcp_sessions_by_last_seen ON mcp_sessions (last_seen);
`;

/**
 * Version 5: a character's notes may be kept from the players (docs/campaign.md §2.3).
 * Characters written before keep notes everyone may read.
 */
const VERSION_5 = `
ALTER TABLE characters ADD COLUMN notes_gm_only INTEGER NOT NULL DEFAULT 0
  CHECK (notes_gm_only IN (0, 1));
`;

/**
 * Version 6: context handles (docs/campaign.md §3, §10.6), each naming a subject's context (JSON)
 * so that a client without a protocol session keeps working in it. One handle per subject and
 * context; unused ones expire by `last_used`.
 */
const VERSION_6 = `
CREATE TABLE context_handles (
  id TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  subject TEXT NOT NULL CHECK (length(subject) BETWEEN 1 AND 256),
  context TEXT NOT NULL CHECK (json_valid(context)),
  last_used TEXT NOT NULL
) WITHOUT ROWID;
CREATE UNIQUE INDEX one_handle_per_context ON context_handles (subject, context);
CREATE INDEX context_handles_by_last_used ON context_handles (last_used);
CREATE INDEX context_handles_by_subject ON context_handles (subject, last_used);
`;

/**
 * Version 7: the event types of the edits (docs/campaign.md §5): `CAMPAIGN_UPDATED`,
 * `PARTICIPANT_UPDATED`, `CHARACTER_UPDATED`. SQLite cannot change a CHECK constraint in place,
 * so the events table is copied into one with the longer list, as SQLite's documentation
 * describes for schema changes ALTER TABLE cannot make; the outcome applications, which refer to
 * the events, are kept aside and put back, so that no foreign key is ever broken. Every row and
 * every other constraint stays as it was.
 */
const VERSION_7 = `
CREATE TEMP TABLE kept_outcome_applications AS
  SELECT session_id, roll_seq, applied_at FROM outcome_applications;
DROP TABLE outcome_applications;
CREATE TABLE session_events_7 (
  session_id TEXT NOT NULL REFERENCES sessions (id),
  seq INTEGER NOT NULL CHECK (seq >= 1),
  ts TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('SESSION_STARTED', 'SESSION_ENDED', 'NOTE_ADDED',
    'ACTION_ROLL_REQUESTED', 'ACTION_ROLL_RESOLVED', 'OUTCOME_APPLY_REQUESTED',
    'OUTCOME_APPLIED', 'OUTCOME_REJECTED', 'REQUEST_REJECTED', 'PARTICIPANT_CREATED',
    'CHARACTER_CREATED', 'CHARACTER_CONTROL_SET', 'CHARACTER_PROFILE_PATCHED',
    'CHARACTER_STATE_PATCHED', 'GM_FEAR_CHANGED', 'CAMPAIGN_UPDATED', 'PARTICIPANT_UPDATED',
    'CHARACTER_UPDATED')),
  request_id TEXT NOT NULL,
  invocation_id TEXT NOT NULL,
  participant_id TEXT,
  character_id TEXT,
  payload_json TEXT NOT NULL CHECK (json_valid(payload_json)),
  actor TEXT NOT NULL DEFAULT 'local' CHECK (length(actor) BETWEEN 1 AND 256),
  gm_only INTEGER NOT NULL DEFAULT 0 CHECK (gm_only IN (0, 1)),
  PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;
INSERT INTO session_events_7 (session_id, seq, ts, type, request_id, invocation_id,
    participant_id, character_id, payload_json, actor, gm_only)
  SELECT session_id, seq, ts, type, request_id, invocation_id, participant_id, character_id,
    payload_json, actor, gm_only
  FROM session_events;
DROP TABLE session_events;
ALTER TABLE session_events_7 RENAME TO session_events;
CREATE TABLE outcome_applications (
  session_id TEXT NOT NULL,
  roll_seq INTEGER NOT NULL,
  applied_at TEXT NOT NULL,
  PRIMARY KEY (session_id, roll_seq),
  FOREIGN KEY (session_id, roll_seq) REFERENCES session_events (session_id, seq)
) WITHOUT ROWID;
INSERT INTO outcome_applications (session_id, roll_seq, applied_at)
  SELECT session_id, roll_seq, applied_at FROM kept_outcome_applications;
DROP TABLE kept_outcome_applications;
`;

/**
 * Version 8: full-text search over the session logs (docs/campaign.md §4.20). Each event gets
 * a position, in the order events are logged (existing ones by time), with what a search
 * filters on, and its words in an FTS5 index that keeps no copy of the text: a note's text and
 * every other string of an event's payload. A trigger indexes each event as it is appended, in
 * the same transaction; the events logged before are indexed here. A campaign's (or a
 * session's) first and last positions bound the part of the index a search walks.
 */
const VERSION_8 = `
CREATE TABLE session_event_search (
  position INTEGER PRIMARY KEY,
  campaign_id TEXT NOT NULL,
  session_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  type TEXT NOT NULL,
  gm_only INTEGER NOT NULL CHECK (gm_only IN (0, 1)),
  UNIQUE (session_id, seq)
);
CREATE INDEX session_event_search_by_campaign ON session_event_search (campaign_id, position);
CREATE VIRTUAL TABLE session_event_words USING fts5(
  words, content = '', tokenize = 'unicode61 remove_diacritics 0'
);
INSERT INTO session_event_search (campaign_id, session_id, seq, type, gm_only)
  SELECT s.campaign_id, e.session_id, e.seq, e.type, e.gm_only
  FROM session_events e JOIN sessions s ON s.id = e.session_id
  ORDER BY e.ts, s.rowid, e.seq;
INSERT INTO session_event_words (rowid, words)
  SELECT x.position,
    (SELECT group_concat(value, ' ') FROM json_tree(e.payload_json) WHERE type = 'text')
  FROM session_event_search x
    JOIN session_events e ON e.session_id = x.session_id AND e.seq = x.seq;
CREATE TRIGGER session_events_searchable AFTER INSERT ON session_events BEGIN
  INSERT INTO session_event_search (campaign_id, session_id, seq, type, gm_only)
    SELECT campaign_id, NEW.session_id, NEW.seq, NEW.type, NEW.gm_only
    FROM sessions WHERE id = NEW.session_id;
  INSERT INTO session_event_words (rowid, words)
    SELECT position,
      (SELECT group_concat(value, ' ') FROM json_tree(NEW.payload_json) WHERE type = 'text')
    FROM session_event_search WHERE session_id = NEW.session_id AND seq = NEW.seq;
END;
`;

/**
 * Version 9: the GM's adversary stat blocks (docs/campaign.md §2.9), one row per block with its
 * fields as JSON, and the event types of their edits. The event types move from a CHECK to a
 * table of their own that each event references, so that a later type is one row added rather
 * than the log rebuilt; the log is rebuilt this once, as in version 7, and its search trigger
 * (version 8) made again.
 */
const VERSION_9 = `
CREATE TABLE adversaries (
  id TEXT PRIMARY KEY,
  campaign_id TEXT NOT NULL REFERENCES campaigns (id),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  block_json TEXT NOT NULL CHECK (json_valid(block_json)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX adversaries_by_campaign ON adversaries (campaign_id);
CREATE TABLE event_types (name TEXT PRIMARY KEY) WITHOUT ROWID;
INSERT INTO event_types (name) VALUES ('SESSION_STARTED'), ('SESSION_ENDED'), ('NOTE_ADDED'),
  ('ACTION_ROLL_REQUESTED'), ('ACTION_ROLL_RESOLVED'), ('OUTCOME_APPLY_REQUESTED'),
  ('OUTCOME_APPLIED'), ('OUTCOME_REJECTED'), ('REQUEST_REJECTED'), ('PARTICIPANT_CREATED'),
  ('CHARACTER_CREATED'), ('CHARACTER_CONTROL_SET'), ('CHARACTER_PROFILE_PATCHED'),
  ('CHARACTER_STATE_PATCHED'), ('GM_FEAR_CHANGED'), ('CAMPAIGN_UPDATED'),
  ('PARTICIPANT_UPDATED'), ('CHARACTER_UPDATED'), ('ADVERSARY_DEFINED'), ('ADVERSARY_UPDATED'),
  ('ADVERSARIES_IMPORTED');
CREATE TEMP TABLE kept_outcome_applications AS
  SELECT session_id, roll_seq, applied_at FROM outcome_applications;
DROP TABLE outcome_applications;
CREATE TABLE session_events_9 (
  session_id TEXT NOT NULL REFERENCES sessions (id),
  seq INTEGER NOT NULL CHECK (seq >= 1),
  ts TEXT NOT NULL,
  type TEXT NOT NULL REFERENCES event_types (name),
  request_id TEXT NOT NULL,
  invocation_id TEXT NOT NULL,
  participant_id TEXT,
  character_id TEXT,
  payload_json TEXT NOT NULL CHECK (json_valid(payload_json)),
  actor TEXT NOT NULL DEFAULT 'local' CHECK (length(actor) BETWEEN 1 AND 256),
  gm_only INTEGER NOT NULL DEFAULT 0 CHECK (gm_only IN (0, 1)),
  PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;
INSERT INTO session_events_9 (session_id, seq, ts, type, request_id, invocation_id,
    participant_id, character_id, payload_json, actor, gm_only)
  SELECT session_id, seq, ts, type, request_id, invocation_id, participant_id, character_id,
    payload_json, actor, gm_only
  FROM session_events;
DROP TABLE session_events;
ALTER TABLE session_events_9 RENAME TO session_events;
CREATE TABLE outcome_applications (
  session_id TEXT NOT NULL,
  roll_seq INTEGER NOT NULL,
  applied_at TEXT NOT NULL,
  PRIMARY KEY (session_id, roll_seq),
  FOREIGN KEY (session_id, roll_seq) REFERENCES session_events (session_id, seq)
) WITHOUT ROWID;
INSERT INTO outcome_applications (session_id, roll_seq, applied_at)
  SELECT session_id, roll_seq, applied_at FROM kept_outcome_applications;
DROP TABLE kept_outcome_applications;
CREATE TRIGGER session_events_searchable AFTER INSERT ON session_events BEGIN
  INSERT INTO session_event_search (campaign_id, session_id, seq, type, gm_only)
    SELECT campaign_id, NEW.session_id, NEW.seq, NEW.type, NEW.gm_only
    FROM sessions WHERE id = NEW.session_id;
  INSERT INTO session_event_words (rowid, words)
    SELECT position,
      (SELECT group_concat(value, ' ') FROM json_tree(NEW.payload_json) WHERE type = 'text')
    FROM session_event_search WHERE session_id = NEW.session_id AND seq = NEW.seq;
END;
`;

/**
 * Version 10: fights (docs/campaign.md §2.10), at most one active per session, and the
 * adversaries in them, each numbered among the instances of its stat block; and their event
 * types, rows of the table version 9 made.
 */
const VERSION_10 = `
CREATE TABLE encounters (
  id TEXT PRIMARY KEY,
  campaign_id TEXT NOT NULL REFERENCES campaigns (id),
  session_id TEXT NOT NULL REFERENCES sessions (id),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  state TEXT NOT NULL CHECK (state IN ('ACTIVE', 'ENDED')),
  difficulty TEXT NOT NULL CHECK (difficulty IN ('STANDARD', 'EASIER', 'HARDER')),
  adjustments_json TEXT NOT NULL CHECK (json_valid(adjustments_json)),
  party_json TEXT NOT NULL CHECK (json_valid(party_json)),
  outcome TEXT CHECK (length(outcome) <= 1000),
  started_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  ended_at TEXT,
  CHECK ((state = 'ENDED') = (ended_at IS NOT NULL))
);
CREATE INDEX encounters_by_session ON encounters (session_id);
CREATE UNIQUE INDEX one_active_encounter_per_session ON encounters (session_id)
  WHERE state = 'ACTIVE';
CREATE TABLE encounter_instances (
  id TEXT PRIMARY KEY,
  encounter_id TEXT NOT NULL REFERENCES encounters (id),
  adversary_id TEXT NOT NULL REFERENCES adversaries (id),
  number INTEGER NOT NULL CHECK (number >= 1),
  name TEXT NOT NULL,
  defeated INTEGER NOT NULL CHECK (defeated IN (0, 1)),
  hp_marked INTEGER NOT NULL CHECK (hp_marked BETWEEN 0 AND 50),
  stress_marked INTEGER NOT NULL CHECK (stress_marked BETWEEN 0 AND 20),
  conditions_json TEXT NOT NULL CHECK (json_valid(conditions_json)),
  removed INTEGER NOT NULL CHECK (removed IN (0, 1)),
  UNIQUE (encounter_id, adversary_id, number)
);
CREATE INDEX encounter_instances_by_encounter ON encounter_instances (encounter_id);
INSERT INTO event_types (name) VALUES ('ENCOUNTER_STARTED'), ('ENCOUNTER_ADVERSARIES_ADDED'),
  ('ENCOUNTER_ADVERSARY_REMOVED'), ('ENCOUNTER_ENDED');
`;

/**
 * Version 11: the event types of an adversary's attack, damage, an adversary's Stress and Fear
 * spent (§4.28-§4.31).
 */
const VERSION_11 = `
INSERT INTO event_types (name) VALUES ('DAMAGE_APPLIED'), ('ADVERSARY_STRESS_CHANGED'),
  ('GM_FEAR_SPENT'), ('ADVERSARY_ATTACK_ROLLED');
`;

/**
 * Version 12: countdowns (docs/campaign.md §2.11), a campaign's, maybe tied to an encounter, and
 * their event types, and that of an adversary's conditions (§4.35).
 */
const VERSION_12 = `
CREATE TABLE countdowns (
  id TEXT PRIMARY KEY,
  campaign_id TEXT NOT NULL REFERENCES campaigns (id),
  encounter_id TEXT REFERENCES encounters (id),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  kind TEXT NOT NULL CHECK (kind IN ('STANDARD', 'LOOP', 'DYNAMIC')),
  start INTEGER NOT NULL CHECK (start BETWEEN 1 AND 12),
  value INTEGER NOT NULL CHECK (value BETWEEN 0 AND 12),
  state TEXT NOT NULL CHECK (state IN ('ACTIVE', 'TRIGGERED')),
  visible_to_players INTEGER NOT NULL CHECK (visible_to_players IN (0, 1)),
  dynamic_json TEXT CHECK (dynamic_json IS NULL OR json_valid(dynamic_json)),
  triggered INTEGER NOT NULL CHECK (triggered >= 0),
  deleted INTEGER NOT NULL CHECK (deleted IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX countdowns_by_campaign ON countdowns (campaign_id);
INSERT INTO event_types (name) VALUES ('COUNTDOWN_CREATED'), ('COUNTDOWN_TICKED'),
  ('COUNTDOWN_DELETED'), ('CONDITION_SET');
`;

/** Version 13: a character's conditions (docs/campaign.md §2.5), set by `condition_set` (§4.35). */
const VERSION_13 = `
ALTER TABLE character_states ADD COLUMN conditions_json TEXT NOT NULL DEFAULT '[]'
  CHECK (json_valid(conditions_json) AND json_type(conditions_json) = 'array');
`;

/** The schema changes in order; index + 1 is the `user_version` each one leaves behind. */
const MIGRATIONS: readonly string[] = [
  VERSION_1,
  VERSION_2,
  VERSION_3,
  VERSION_4,
  VERSION_5,
  VERSION_6,
  VERSION_7,
  VERSION_8,
  VERSION_9,
  VERSION_10,
  VERSION_11,
  VERSION_12,
  VERSION_13,
];

/** The newest schema version this code knows. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Brings a database up to {@link SCHEMA_VERSION} in one transaction; `PRAGMA user_version`
 * records how far a database is.
 *
 * @param database - an open connection
 * @param target - the version to stop at (an older one only to test the migrations)
 * @throws StorageError `SCHEMA_TOO_NEW` for a database written by a newer server
 */
export function migrate(database: Database.Database, target = SCHEMA_VERSION): void {
  database
    .transaction(() => {
      const current = database.pragma("user_version", { simple: true }) as number;
      if (current > SCHEMA_VERSION) {
        throw new StorageError(
          "SCHEMA_TOO_NEW",
          `schema version ${current} is newer than supported ${SCHEMA_VERSION}`,
        );
      }
      for (let version = current + 1; version <= target; version++) {
        database.exec(MIGRATIONS[version - 1] ?? "");
        database.pragma(`user_version = ${version}`);
      }
    })
    .immediate();
}

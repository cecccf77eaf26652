/**
 * Migration 1: the campaign schema on PostgreSQL, the same tables and constraints as on SQLite
 * (docs/campaign.md §8). Timestamps and JSON stay text so that they read back byte for byte as
 * they were written (json/jsonb would reformat them; traits keep their key order). `position`
 * gives the creation order that SQLite's rowid gives.
 */
export const SCHEMA = `
CREATE TABLE campaigns (
  position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id text PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  gm_mode text NOT NULL CHECK (gm_mode IN ('HUMAN', 'AI', 'HYBRID')),
  theme_prompt text NOT NULL CHECK (char_length(theme_prompt) <= 4000),
  participant_count integer NOT NULL CHECK (participant_count >= 0),
  character_count integer NOT NULL CHECK (character_count >= 0),
  gm_fear integer NOT NULL CHECK (gm_fear BETWEEN 0 AND 12),
  created_at text NOT NULL,
  updated_at text NOT NULL
);
CREATE TABLE participants (
  position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id text PRIMARY KEY,
  campaign_id text NOT NULL REFERENCES campaigns (id),
  display_name text NOT NULL CHECK (char_length(display_name) BETWEEN 1 AND 100),
  role text NOT NULL CHECK (role IN ('GM', 'PLAYER')),
  controller text NOT NULL CHECK (controller IN ('HUMAN', 'AI')),
  created_at text NOT NULL,
  updated_at text NOT NULL
);
CREATE INDEX participants_by_campaign ON participants (campaign_id, position);
CREATE TABLE characters (
  position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id text PRIMARY KEY,
  campaign_id text NOT NULL REFERENCES campaigns (id),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  kind text NOT NULL CHECK (kind IN ('PC', 'NPC')),
  notes text NOT NULL CHECK (char_length(notes) <= 4000),
  controller text,
  created_at text NOT NULL,
  updated_at text NOT NULL
);
CREATE INDEX characters_by_campaign ON characters (campaign_id, position);
CREATE TABLE character_profiles (
  character_id text PRIMARY KEY REFERENCES characters (id),
  traits_json text NOT NULL CHECK (json_typeof(traits_json::json) = 'object'),
  hp_max integer NOT NULL CHECK (hp_max BETWEEN 1 AND 30),
  stress_max integer NOT NULL CHECK (stress_max BETWEEN 0 AND 20),
  evasion integer NOT NULL CHECK (evasion BETWEEN 0 AND 50),
  major_threshold integer NOT NULL CHECK (major_threshold BETWEEN 0 AND 500),
  severe_threshold integer NOT NULL CHECK (severe_threshold BETWEEN 0 AND 500),
  CHECK (severe_threshold >= major_threshold)
);
CREATE TABLE character_states (
  character_id text PRIMARY KEY REFERENCES characters (id),
  hope integer NOT NULL CHECK (hope BETWEEN 0 AND 6),
  stress integer NOT NULL CHECK (stress BETWEEN 0 AND 20),
  hp integer NOT NULL CHECK (hp BETWEEN 0 AND 30)
);
CREATE TABLE sessions (
  position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id text PRIMARY KEY,
  campaign_id text NOT NULL REFERENCES campaigns (id),
  name text NOT NULL CHECK (char_length(name) <= 200),
  status text NOT NULL CHECK (status IN ('ACTIVE', 'ENDED')),
  started_at text NOT NULL,
  updated_at text NOT NULL,
  ended_at text,
  CHECK ((status = 'ENDED') = (ended_at IS NOT NULL))
);
CREATE INDEX sessions_by_campaign ON sessions (campaign_id, position);
CREATE UNIQUE INDEX one_active_session_per_campaign ON sessions (campaign_id)
  WHERE status = 'ACTIVE';
CREATE TABLE session_events (
  session_id text NOT NULL REFERENCES sessions (id),
  seq integer NOT NULL CHECK (seq >= 1),
  ts text NOT NULL,
  type text NOT NULL CHECK (type IN ('SESSION_STARTED', 'SESSION_ENDED', 'NOTE_ADDED',
    'ACTION_ROLL_REQUESTED', 'ACTION_ROLL_RESOLVED', 'OUTCOME_APPLY_REQUESTED',
    'OUTCOME_APPLIED', 'OUTCOME_REJECTED', 'REQUEST_REJECTED', 'PARTICIPANT_CREATED',
    'CHARACTER_CREATED', 'CHARACTER_CONTROL_SET', 'CHARACTER_PROFILE_PATCHED',
    'CHARACTER_STATE_PATCHED', 'GM_FEAR_CHANGED')),
  request_id text NOT NULL,
  invocation_id text NOT NULL,
  participant_id text,
  character_id text,
  payload_json text NOT NULL CHECK (json_typeof(payload_json::json) = 'object'),
  PRIMARY KEY (session_id, seq)
);
CREATE TABLE outcome_applications (
  session_id text NOT NULL,
  roll_seq integer NOT NULL,
  applied_at text NOT NULL,
  PRIMARY KEY (session_id, roll_seq),
  FOREIGN KEY (session_id, roll_seq) REFERENCES session_events (session_id, seq)
);
`;

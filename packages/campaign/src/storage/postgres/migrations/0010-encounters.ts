/**
 * Migration 10: fights (docs/campaign.md §2.10) and the adversaries in them, and their event
 * types, the same as SQLite's version 10.
 */
export const ENCOUNTERS = `
CREATE TABLE encounters (
  position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id text PRIMARY KEY,
  campaign_id text NOT NULL REFERENCES campaigns (id),
  session_id text NOT NULL REFERENCES sessions (id),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  state text NOT NULL CHECK (state IN ('ACTIVE', 'ENDED')),
  difficulty text NOT NULL CHECK (difficulty IN ('STANDARD', 'EASIER', 'HARDER')),
  adjustments_json text NOT NULL CHECK (json_typeof(adjustments_json::json) = 'array'),
  party_json text NOT NULL CHECK (json_typeof(party_json::json) = 'array'),
  outcome text CHECK (char_length(outcome) <= 1000),
  started_at text NOT NULL,
  updated_at text NOT NULL,
  ended_at text,
  CHECK ((state = 'ENDED') = (ended_at IS NOT NULL))
);
CREATE INDEX encounters_by_session ON encounters (session_id);
CREATE UNIQUE INDEX one_active_encounter_per_session ON encounters (session_id)
  WHERE state = 'ACTIVE';
CREATE TABLE encounter_instances (
  position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id text PRIMARY KEY,
  encounter_id text NOT NULL REFERENCES encounters (id),
  adversary_id text NOT NULL REFERENCES adversaries (id),
  number integer NOT NULL CHECK (number >= 1),
  name text NOT NULL,
  defeated boolean NOT NULL,
  hp_marked integer NOT NULL CHECK (hp_marked BETWEEN 0 AND 50),
  stress_marked integer NOT NULL CHECK (stress_marked BETWEEN 0 AND 20),
  conditions_json text NOT NULL CHECK (json_typeof(conditions_json::json) = 'array'),
  removed boolean NOT NULL,
  UNIQUE (encounter_id, adversary_id, number)
);
CREATE INDEX encounter_instances_by_encounter ON encounter_instances (encounter_id, position);
ALTER DOMAIN event_type DROP CONSTRAINT event_type_check;
ALTER DOMAIN event_type ADD CONSTRAINT event_type_check CHECK (VALUE IN ('SESSION_STARTED',
  'SESSION_ENDED', 'NOTE_ADDED', 'ACTION_ROLL_REQUESTED', 'ACTION_ROLL_RESOLVED',
  'OUTCOME_APPLY_REQUESTED', 'OUTCOME_APPLIED', 'OUTCOME_REJECTED', 'REQUEST_REJECTED',
  'PARTICIPANT_CREATED', 'CHARACTER_CREATED', 'CHARACTER_CONTROL_SET',
  'CHARACTER_PROFILE_PATCHED', 'CHARACTER_STATE_PATCHED', 'GM_FEAR_CHANGED', 'CAMPAIGN_UPDATED',
  'PARTICIPANT_UPDATED', 'CHARACTER_UPDATED', 'ADVERSARY_DEFINED', 'ADVERSARY_UPDATED',
  'ADVERSARIES_IMPORTED', 'ENCOUNTER_STARTED', 'ENCOUNTER_ADVERSARIES_ADDED',
  'ENCOUNTER_ADVERSARY_REMOVED', 'ENCOUNTER_ENDED'));
`;

/**
 * Migration 12: countdowns (docs/campaign.md §2.11), their event types and that of an
 * adversary's conditions (§4.35), the same as SQLite's version 12.
 */
export const COUNTDOWNS = `
CREATE TABLE countdowns (
  position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id text PRIMARY KEY,
  campaign_id text NOT NULL REFERENCES campaigns (id),
  encounter_id text REFERENCES encounters (id),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  kind text NOT NULL CHECK (kind IN ('STANDARD', 'LOOP', 'DYNAMIC')),
  start integer NOT NULL CHECK (start BETWEEN 1 AND 12),
  value integer NOT NULL CHECK (value BETWEEN 0 AND 12),
  state text NOT NULL CHECK (state IN ('ACTIVE', 'TRIGGERED')),
  visible_to_players boolean NOT NULL,
  dynamic_json text CHECK (dynamic_json IS NULL OR json_typeof(dynamic_json::json) = 'object'),
  triggered integer NOT NULL CHECK (triggered >= 0),
  deleted boolean NOT NULL,
  created_at text NOT NULL,
  updated_at text NOT NULL
);
CREATE INDEX countdowns_by_campaign ON countdowns (campaign_id, position);
ALTER DOMAIN event_type DROP CONSTRAINT event_type_check;
ALTER DOMAIN event_type ADD CONSTRAINT event_type_check CHECK (VALUE IN ('SESSION_STARTED',
  'SESSION_ENDED', 'NOTE_ADDED', 'ACTION_ROLL_REQUESTED', 'ACTION_ROLL_RESOLVED',
  'OUTCOME_APPLY_REQUESTED', 'OUTCOME_APPLIED', 'OUTCOME_REJECTED', 'REQUEST_REJECTED',
  'PARTICIPANT_CREATED', 'CHARACTER_CREATED', 'CHARACTER_CONTROL_SET',
  'CHARACTER_PROFILE_PATCHED', 'CHARACTER_STATE_PATCHED', 'GM_FEAR_CHANGED', 'CAMPAIGN_UPDATED',
  'PARTICIPANT_UPDATED', 'CHARACTER_UPDATED', 'ADVERSARY_DEFINED', 'ADVERSARY_UPDATED',
  'ADVERSARIES_IMPORTED', 'ENCOUNTER_STARTED', 'ENCOUNTER_ADVERSARIES_ADDED',
  'ENCOUNTER_ADVERSARY_REMOVED', 'ENCOUNTER_ENDED', 'DAMAGE_APPLIED', 'ADVERSARY_STRESS_CHANGED',
  'GM_FEAR_SPENT', 'ADVERSARY_ATTACK_ROLLED', 'COUNTDOWN_CREATED', 'COUNTDOWN_TICKED',
  'COUNTDOWN_DELETED', 'CONDITION_SET'));
`;

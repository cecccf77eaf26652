/**
 * Migration 9: the GM's adversary stat blocks (docs/campaign.md §2.9), one row per block with
 * its fields as JSON, listed in creation order, and the event types of their edits, the same as
 * SQLite's version 9 (the event type's domain check is replaced in place, as in migration 7).
 */
export const ADVERSARIES = `
CREATE TABLE adversaries (
  position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id text PRIMARY KEY,
  campaign_id text NOT NULL REFERENCES campaigns (id),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  block_json text NOT NULL CHECK (json_typeof(block_json::json) = 'object'),
  created_at text NOT NULL,
  updated_at text NOT NULL
);
CREATE INDEX adversaries_by_campaign ON adversaries (campaign_id, position);
ALTER DOMAIN event_type DROP CONSTRAINT event_type_check;
ALTER DOMAIN event_type ADD CONSTRAINT event_type_check CHECK (VALUE IN ('SESSION_STARTED',
  'SESSION_ENDED', 'NOTE_ADDED', 'ACTION_ROLL_REQUESTED', 'ACTION_ROLL_RESOLVED',
  'OUTCOME_APPLY_REQUESTED', 'OUTCOME_APPLIED', 'OUTCOME_REJECTED', 'REQUEST_REJECTED',
  'PARTICIPANT_CREATED', 'CHARACTER_CREATED', 'CHARACTER_CONTROL_SET',
  'CHARACTER_PROFILE_PATCHED', 'CHARACTER_STATE_PATCHED', 'GM_FEAR_CHANGED', 'CAMPAIGN_UPDATED',
  'PARTICIPANT_UPDATED', 'CHARACTER_UPDATED', 'ADVERSARY_DEFINED', 'ADVERSARY_UPDATED',
  'ADVERSARIES_IMPORTED'));
`;

/**
 * Migration 4: the checks of the columns every roll and outcome writes (events, character
 * states, campaigns) are kept by domains instead of table CHECK constraints, with the very same
 * conditions (docs/campaign.md §10.1). PostgreSQL reads a table's CHECK constraints back from
 * their stored form for every statement that writes the table, and for the event type's list of
 * fifteen names that cost more than the insert itself; a domain's checks are read once per
 * connection and kept. A value a check refuses is refused as before (SQLSTATE 23514, "violates
 * check constraint"). The tables are rewritten once, under the migration's lock.
 */
export const CHECKS_AS_DOMAINS = `
CREATE DOMAIN event_type AS text CHECK (VALUE IN ('SESSION_STARTED', 'SESSION_ENDED',
  'NOTE_ADDED', 'ACTION_ROLL_REQUESTED', 'ACTION_ROLL_RESOLVED', 'OUTCOME_APPLY_REQUESTED',
  'OUTCOME_APPLIED', 'OUTCOME_REJECTED', 'REQUEST_REJECTED', 'PARTICIPANT_CREATED',
  'CHARACTER_CREATED', 'CHARACTER_CONTROL_SET', 'CHARACTER_PROFILE_PATCHED',
  'CHARACTER_STATE_PATCHED', 'GM_FEAR_CHANGED'));
CREATE DOMAIN event_actor AS text CHECK (char_length(VALUE) BETWEEN 1 AND 256);
CREATE DOMAIN json_object_text AS text CHECK (json_typeof(VALUE::json) = 'object');
ALTER TABLE session_events
  DROP CONSTRAINT session_events_type_check,
  DROP CONSTRAINT session_events_actor_check,
  DROP CONSTRAINT session_events_payload_json_check,
  ALTER COLUMN type TYPE event_type,
  ALTER COLUMN actor TYPE event_actor,
  ALTER COLUMN payload_json TYPE json_object_text;

CREATE DOMAIN hope_points AS integer CHECK (VALUE BETWEEN 0 AND 6);
CREATE DOMAIN stress_points AS integer CHECK (VALUE BETWEEN 0 AND 20);
CREATE DOMAIN hit_points AS integer CHECK (VALUE BETWEEN 0 AND 30);
ALTER TABLE character_states
  DROP CONSTRAINT character_states_hope_check,
  DROP CONSTRAINT character_states_stress_check,
  DROP CONSTRAINT character_states_hp_check,
  ALTER COLUMN hope TYPE hope_points,
  ALTER COLUMN stress TYPE stress_points,
  ALTER COLUMN hp TYPE hit_points;

CREATE DOMAIN campaign_name AS text CHECK (char_length(VALUE) BETWEEN 1 AND 200);
CREATE DOMAIN gm_mode AS text CHECK (VALUE IN ('HUMAN', 'AI', 'HYBRID'));
CREATE DOMAIN theme_prompt AS text CHECK (char_length(VALUE) <= 4000);
CREATE DOMAIN row_count AS integer CHECK (VALUE >= 0);
CREATE DOMAIN fear_points AS integer CHECK (VALUE BETWEEN 0 AND 12);
ALTER TABLE campaigns
  DROP CONSTRAINT campaigns_name_check,
  DROP CONSTRAINT campaigns_gm_mode_check,
  DROP CONSTRAINT campaigns_theme_prompt_check,
  DROP CONSTRAINT campaigns_participant_count_check,
  DROP CONSTRAINT campaigns_character_count_check,
  DROP CONSTRAINT campaigns_gm_fear_check,
  ALTER COLUMN name TYPE campaign_name,
  ALTER COLUMN gm_mode TYPE gm_mode,
  ALTER COLUMN theme_prompt TYPE theme_prompt,
  ALTER COLUMN participant_count TYPE row_count,
  ALTER COLUMN character_count TYPE row_count,
  ALTER COLUMN gm_fear TYPE fear_points;
`;

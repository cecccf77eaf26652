/**
 * Migration 7: the event types of the edits (docs/campaign.md §5), `CAMPAIGN_UPDATED`,
 * `PARTICIPANT_UPDATED` and `CHARACTER_UPDATED`, the same as SQLite's version 7. The event type
 * is a domain since migration 4, so its check is replaced in place; the new check is validated
 * against the existing events (all of which it accepts), under the migration's lock.
 */
export const EDIT_EVENTS = `
ALTER DOMAIN event_type DROP CONSTRAINT event_type_check;
ALTER DOMAIN event_type ADD CONSTRAINT event_type_check CHECK (VALUE IN ('SESSION_STARTED',
  'SESSION_ENDED', 'NOTE_ADDED', 'ACTION_ROLL_REQUESTED', 'ACTION_ROLL_RESOLVED',
  'OUTCOME_APPLY_REQUESTED', 'OUTCOME_APPLIED', 'OUTCOME_REJECTED', 'REQUEST_REJECTED',
  'PARTICIPANT_CREATED', 'CHARACTER_CREATED', 'CHARACTER_CONTROL_SET',
  'CHARACTER_PROFILE_PATCHED', 'CHARACTER_STATE_PATCHED', 'GM_FEAR_CHANGED', 'CAMPAIGN_UPDATED',
  'PARTICIPANT_UPDATED', 'CHARACTER_UPDATED'));
`;

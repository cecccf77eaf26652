/**
 * Migration 2: who may do what (docs/campaign.md §11), the same as SQLite's version 3. Each
 * campaign's owner (campaigns made before are the process owner's, `local`), the subject linked
 * to each participant (at most one seat per subject and campaign), the subject behind each event
 * and whether it is a GM-only note, and invites to claim seats (codes kept as SHA-256 only).
 * Events written before (or by a server of an earlier version) name `local` as their actor.
 */
export const ROLES = `
CREATE TABLE campaign_owners (
  campaign_id text PRIMARY KEY REFERENCES campaigns (id),
  owner text NOT NULL CHECK (char_length(owner) BETWEEN 1 AND 256)
);
CREATE INDEX campaign_owners_by_owner ON campaign_owners (owner);
INSERT INTO campaign_owners (campaign_id, owner) SELECT id, 'local' FROM campaigns;
ALTER TABLE participants ADD COLUMN user_subject text
  CHECK (user_subject IS NULL OR char_length(user_subject) BETWEEN 1 AND 256);
CREATE UNIQUE INDEX one_seat_per_user ON participants (campaign_id, user_subject);
CREATE INDEX participants_by_user ON participants (user_subject);
ALTER TABLE session_events ADD COLUMN actor text NOT NULL DEFAULT 'local'
  CHECK (char_length(actor) BETWEEN 1 AND 256);
ALTER TABLE session_events ADD COLUMN gm_only boolean NOT NULL DEFAULT false;
CREATE TABLE seat_invites (
  participant_id text PRIMARY KEY REFERENCES participants (id),
  campaign_id text NOT NULL REFERENCES campaigns (id),
  code_sha256 text NOT NULL CHECK (char_length(code_sha256) = 64),
  created_by text NOT NULL,
  created_at text NOT NULL,
  expires_at text NOT NULL,
  used_by text,
  used_at text,
  CHECK ((used_by IS NULL) = (used_at IS NULL))
);
`;

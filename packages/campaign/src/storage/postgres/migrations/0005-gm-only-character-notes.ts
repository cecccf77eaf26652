/**
 * Migration 5: a character's notes may be kept from the players (docs/campaign.md §2.3), the
 * same as SQLite's version 5. Characters written before keep notes everyone may read.
 */
export const GM_ONLY_CHARACTER_NOTES = `
ALTER TABLE characters ADD COLUMN notes_gm_only boolean NOT NULL DEFAULT false;
`;

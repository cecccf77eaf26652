/**
 * Migration 13: a character's conditions (docs/campaign.md §2.5), set by `condition_set`
 * (§4.35), the same as SQLite's version 13. Their check is a domain's, as every check of a
 * column each roll and outcome writes is (migration 4).
 */
export const CHARACTER_CONDITIONS = `
CREATE DOMAIN json_array_text AS text CHECK (json_typeof(VALUE::json) = 'array');
ALTER TABLE character_states ADD COLUMN conditions_json json_array_text NOT NULL DEFAULT '[]';
`;

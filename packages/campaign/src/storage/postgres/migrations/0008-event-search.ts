/**
 * Migration 8: full-text search over the session logs (docs/campaign.md §4.20), the same as
 * SQLite's version 8. Each event gets a position, in the order events are logged (existing ones
 * by time), with what a search filters on and its words as a `tsvector` ('simple': no stemming
 * and no stop words, like SQLite's): a note's text and every other string of an event's payload,
 * ASCII punctuation read as spaces as SQLite's tokenizer reads it. A statement trigger indexes
 * the events each insert appends, in the same transaction; the events logged before are indexed
 * here. A GIN index finds the positions holding words; the campaign's positions, newest first,
 * serve the searches whose words are everywhere. The table is analysed at once, so that the
 * first searches are planned knowing how common each word is.
 */
export const EVENT_SEARCH = `
CREATE FUNCTION event_search_text(payload text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT regexp_replace(coalesce(string_agg(item #>> '{}', ' '), ''), '[!-/:-@[-\`{-~]+', ' ', 'g')
    FROM jsonb_path_query(payload::jsonb, 'strict $.**') AS item
    WHERE jsonb_typeof(item) = 'string'
  $$;
CREATE TABLE session_event_search (
  position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  campaign_id text NOT NULL,
  session_id text NOT NULL,
  seq integer NOT NULL,
  type text NOT NULL,
  gm_only boolean NOT NULL,
  words tsvector NOT NULL,
  UNIQUE (session_id, seq)
);
INSERT INTO session_event_search (campaign_id, session_id, seq, type, gm_only, words)
  SELECT s.campaign_id, e.session_id, e.seq, e.type, e.gm_only,
    to_tsvector('simple'::regconfig, event_search_text(e.payload_json))
  FROM session_events e JOIN sessions s ON s.id = e.session_id
  ORDER BY e.ts, s.position, e.seq;
CREATE INDEX session_event_search_words ON session_event_search USING gin (words);
CREATE INDEX session_event_search_by_campaign ON session_event_search (campaign_id, position);
CREATE FUNCTION index_appended_events() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO session_event_search (campaign_id, session_id, seq, type, gm_only, words)
      SELECT s.campaign_id, appended.session_id, appended.seq, appended.type, appended.gm_only,
        to_tsvector('simple'::regconfig, event_search_text(appended.payload_json))
      FROM appended JOIN sessions s ON s.id = appended.session_id
      ORDER BY appended.session_id, appended.seq;
    RETURN NULL;
  END
  $$;
CREATE TRIGGER session_events_searchable AFTER INSERT ON session_events
  REFERENCING NEW TABLE AS appended
  FOR EACH STATEMENT EXECUTE FUNCTION index_appended_events();
ANALYZE session_event_search;
`;

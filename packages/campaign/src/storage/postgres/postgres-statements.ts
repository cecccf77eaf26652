/**
 * Every statement of the PostgreSQL store, by name: each is prepared once per connection under
 * its name. One place for the SQL, as the SQLite store keeps its own in its repository.
 */

const CAMPAIGN = `id, name, gm_mode, theme_prompt, participant_count, character_count, gm_fear,
  created_at, updated_at`;
const PARTICIPANT = `id, campaign_id, display_name, role, controller, user_subject, created_at,
  updated_at`;
const CHARACTER = `id, campaign_id, name, kind, notes, notes_gm_only, controller, created_at,
  updated_at`;
const SESSION = "id, campaign_id, name, status, started_at, updated_at, ended_at";
const EVENT = `session_id, seq, ts, type, gm_only, request_id, invocation_id, participant_id,
  actor, character_id, payload_json`;
const INVITE = `participant_id, campaign_id, code_sha256, created_by, created_at, expires_at,
  used_by, used_at`;
const MCP_SESSION = "id, subject, initialize, context, subscriptions, last_seen";
const CONTEXT_HANDLE = "id, subject, context, last_used";
/** The columns of a stored event, of the events table named `e`. */
const EVENT_OF_E = EVENT.split(",")
  .map((column) => `e.${column.trim()}`)
  .join(", ");
/**
 * The newest positions of a campaign a search walks before it asks the words' index
 * (docs/campaign.md §10.8): walking them costs a few milliseconds, and a word too rare to fill a
 * page among them is held by few enough older events that the index finds them as fast.
 */
const SEARCH_WINDOW = 10_000;

/** What a found event must hold and pass: `$2`'s words and the filters `$3` to `$5`. */
const SEARCH_MATCH = `words @@ plainto_tsquery('simple'::regconfig, $2)
      AND ($3::text IS NULL OR session_id = $3)
      AND (NOT gm_only OR $4)
      AND ($5::text[] IS NULL OR type = ANY ($5::text[]))`;

/**
 * A campaign's events whose words hold every word of `$2`, newest first: `$1` the campaign, `$3`
 * a session or null, `$4` whether GM-only notes are found, `$5` the types or null, `$6` the
 * page's size, and a condition on the position (`AND …`, or nothing). The campaign's newest
 * {@link SEARCH_WINDOW} positions are walked first, which fills the page at once for words many
 * events hold; only when they leave it short are the older events holding the words found
 * through the index (materialised, so that the planner cannot walk instead: it guesses a rare
 * word's share of the events, 0.5 % for any word outside its statistics, and walked a million
 * positions for a word one event in 10,000 holds). The page's positions are found before its
 * events are read (docs/campaign.md §10.8).
 */
function searchStatement(beforePosition: string): string {
  return `WITH recent AS MATERIALIZED (
      SELECT position, session_id, seq FROM (
        SELECT position, session_id, seq, type, gm_only, words FROM session_event_search
        WHERE campaign_id = $1 ${beforePosition}
        ORDER BY position DESC LIMIT ${SEARCH_WINDOW}
      ) newest
      WHERE ${SEARCH_MATCH}
      ORDER BY position DESC LIMIT $6
    ), older AS MATERIALIZED (
      SELECT position, session_id, seq FROM session_event_search
      WHERE (SELECT count(*) FROM recent) < $6 AND campaign_id = $1
        AND position + 0 < (SELECT position FROM session_event_search
          WHERE campaign_id = $1 ${beforePosition}
          ORDER BY position DESC OFFSET ${SEARCH_WINDOW - 1} LIMIT 1)
        AND ${SEARCH_MATCH}
    )
    SELECT ${EVENT_OF_E} FROM (
      SELECT position, session_id, seq FROM recent
      UNION ALL (SELECT position, session_id, seq FROM older ORDER BY position DESC LIMIT $6)
    ) found
    JOIN session_events e ON e.session_id = found.session_id AND e.seq = found.seq
    ORDER BY found.position DESC LIMIT $6`;
}

/** A character with its profile and state, to be narrowed by a WHERE clause. */
const SHEET = `SELECT c.id, c.campaign_id, c.name, c.kind, c.notes, c.notes_gm_only, c.controller, c.created_at,
      c.updated_at, p.traits_json, p.hp_max, p.stress_max, p.evasion, p.major_threshold,
      p.severe_threshold, s.hope, s.stress, s.hp, s.conditions_json
    FROM characters c
      JOIN character_profiles p ON p.character_id = c.id
      JOIN character_states s ON s.character_id = c.id`;
/** The campaign of the session `$1`. */
const CAMPAIGN_OF_SESSION = "(SELECT campaign_id FROM sessions WHERE id = $1)";
/** The campaigns a subject owns or holds a seat in; `$1` is the subject. */
const VISIBLE_TO_SUBJECT = `id IN (SELECT campaign_id FROM campaign_owners WHERE owner = $1
  UNION SELECT campaign_id FROM participants WHERE user_subject = $1)`;

/** The three lists of a campaign, in creation order, with and without a cursor. */
const ADVERSARY = "id, campaign_id, name, block_json, created_at, updated_at";
const ENCOUNTER = `id, campaign_id, session_id, name, state, difficulty, adjustments_json,
  party_json, outcome, started_at, updated_at, ended_at`;
const COUNTDOWN = `id, campaign_id, encounter_id, name, kind, start, value, state,
  visible_to_players, dynamic_json, triggered, deleted, created_at, updated_at`;
const INSTANCE = `id, encounter_id, adversary_id, number, name, defeated, hp_marked,
  stress_marked, conditions_json, removed`;

function campaignList(table: string, columns: string) {
  return {
    first: `SELECT ${columns} FROM ${table} WHERE campaign_id = $1 ORDER BY position LIMIT $2`,
    after: `SELECT ${columns} FROM ${table}
      WHERE campaign_id = $1
        AND position > (SELECT position FROM ${table} WHERE campaign_id = $1 AND id = $2)
      ORDER BY position LIMIT $3`,
    cursor: `SELECT 1 FROM ${table} WHERE campaign_id = $1 AND id = $2`,
  };
}

export const STATEMENTS = {
  campaignById: `SELECT ${CAMPAIGN} FROM campaigns WHERE id = $1`,
  // The campaign's write lock: NO KEY UPDATE, so that rows referring to it can still be added.
  // The campaign is read by the next statement, as for a session's campaign below.
  lockCampaign: "SELECT id FROM campaigns WHERE id = $1 FOR NO KEY UPDATE",
  // The locks of a write batch's writes, taken together: with SKIP LOCKED, a campaign locked
  // elsewhere is left out of the answer instead of waited for.
  lockCampaignsSkipping: `SELECT id FROM campaigns WHERE id = ANY($1::text[])
    FOR NO KEY UPDATE SKIP LOCKED`,
  insertCampaign: `INSERT INTO campaigns (${CAMPAIGN}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
  updateCampaign: `UPDATE campaigns SET name = $2, gm_mode = $3, theme_prompt = $4,
    participant_count = $5, character_count = $6, gm_fear = $7, updated_at = $8
    WHERE id = $1`,
  campaignsFirst: `SELECT ${CAMPAIGN} FROM campaigns ORDER BY position LIMIT $1`,
  campaignsAfter: `SELECT ${CAMPAIGN} FROM campaigns
    WHERE position > (SELECT position FROM campaigns WHERE id = $1)
    ORDER BY position LIMIT $2`,
  visibleCampaignsFirst: `SELECT ${CAMPAIGN} FROM campaigns WHERE ${VISIBLE_TO_SUBJECT}
    ORDER BY position LIMIT $2`,
  visibleCampaignsAfter: `SELECT ${CAMPAIGN} FROM campaigns
    WHERE ${VISIBLE_TO_SUBJECT}
      AND position > (SELECT position FROM campaigns WHERE id = $2)
    ORDER BY position LIMIT $3`,
  visibleCampaign: `SELECT 1 FROM campaigns WHERE ${VISIBLE_TO_SUBJECT} AND id = $2`,
  ownerOf: "SELECT owner FROM campaign_owners WHERE campaign_id = $1",
  sessionCampaign: `SELECT ${CAMPAIGN} FROM campaigns WHERE id = ${CAMPAIGN_OF_SESSION}`,
  sessionOwner: `SELECT owner FROM campaign_owners WHERE campaign_id = ${CAMPAIGN_OF_SESSION}`,
  sessionSeat: `SELECT ${PARTICIPANT} FROM participants
    WHERE campaign_id = ${CAMPAIGN_OF_SESSION} AND user_subject = $2`,
  recordOwner: "INSERT INTO campaign_owners (campaign_id, owner) VALUES ($1, $2)",

  participantById: `SELECT ${PARTICIPANT} FROM participants WHERE id = $1`,
  insertParticipant: `INSERT INTO participants (${PARTICIPANT})
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
  updateParticipant: `UPDATE participants SET display_name = $2, role = $3, controller = $4,
    user_subject = $5, updated_at = $6 WHERE id = $1`,
  seat: `SELECT ${PARTICIPANT} FROM participants WHERE campaign_id = $1 AND user_subject = $2`,
  inviteOf: `SELECT ${INVITE} FROM seat_invites WHERE participant_id = $1`,
  putInvite: `INSERT INTO seat_invites (${INVITE}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
    ON CONFLICT (participant_id) DO UPDATE SET campaign_id = EXCLUDED.campaign_id,
      code_sha256 = EXCLUDED.code_sha256, created_by = EXCLUDED.created_by,
      created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at,
      used_by = EXCLUDED.used_by, used_at = EXCLUDED.used_at`,
  participants: campaignList("participants", PARTICIPANT),

  characterById: `SELECT ${CHARACTER} FROM characters WHERE id = $1`,
  insertCharacter: `INSERT INTO characters (${CHARACTER})
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
  updateCharacter: `UPDATE characters SET name = $2, kind = $3, notes = $4, notes_gm_only = $5,
    controller = $6, updated_at = $7 WHERE id = $1`,
  characters: campaignList("characters", CHARACTER),
  adversaryById: `SELECT ${ADVERSARY} FROM adversaries WHERE id = $1`,
  insertAdversary: `INSERT INTO adversaries (${ADVERSARY}) VALUES ($1, $2, $3, $4, $5, $6)`,
  updateAdversary: `UPDATE adversaries SET name = $2, block_json = $3, updated_at = $4
    WHERE id = $1`,
  adversaries: campaignList("adversaries", ADVERSARY),
  countdownById: `SELECT ${COUNTDOWN} FROM countdowns WHERE id = $1`,
  insertCountdown: `INSERT INTO countdowns (${COUNTDOWN})
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
  updateCountdown: `UPDATE countdowns SET value = $2, state = $3, triggered = $4, deleted = $5,
    updated_at = $6 WHERE id = $1`,
  countdowns: campaignList("countdowns", COUNTDOWN),
  encounterById: `SELECT ${ENCOUNTER} FROM encounters WHERE id = $1`,
  activeEncounter: `SELECT ${ENCOUNTER} FROM encounters
    WHERE session_id = $1 AND state = 'ACTIVE'`,
  insertEncounter: `INSERT INTO encounters (${ENCOUNTER})
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
  updateEncounter: `UPDATE encounters SET name = $2, state = $3, difficulty = $4,
    adjustments_json = $5, party_json = $6, outcome = $7, updated_at = $8, ended_at = $9
    WHERE id = $1`,
  instanceById: `SELECT ${INSTANCE} FROM encounter_instances WHERE id = $1`,
  instancesOf: `SELECT ${INSTANCE} FROM encounter_instances WHERE encounter_id = $1
    ORDER BY position`,
  insertInstance: `INSERT INTO encounter_instances (${INSTANCE})
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
  updateInstance: `UPDATE encounter_instances SET defeated = $2, hp_marked = $3,
    stress_marked = $4, conditions_json = $5, removed = $6 WHERE id = $1`,
  sheet: `${SHEET} WHERE c.id = $1`,
  eventSheet: `${SHEET}
    WHERE c.id = (SELECT character_id FROM session_events WHERE session_id = $1 AND seq = $2)`,
  putProfile: `INSERT INTO character_profiles (character_id, traits_json, hp_max, stress_max,
      evasion, major_threshold, severe_threshold)
    VALUES ($1, $2, $3, $4, $5, $6, $7)
    ON CONFLICT (character_id) DO UPDATE SET traits_json = EXCLUDED.traits_json,
      hp_max = EXCLUDED.hp_max, stress_max = EXCLUDED.stress_max, evasion = EXCLUDED.evasion,
      major_threshold = EXCLUDED.major_threshold, severe_threshold = EXCLUDED.severe_threshold`,
  putState: `INSERT INTO character_states (character_id, hope, stress, hp, conditions_json)
    VALUES ($1, $2, $3, $4, $5)
    ON CONFLICT (character_id) DO UPDATE SET hope = EXCLUDED.hope, stress = EXCLUDED.stress,
      hp = EXCLUDED.hp, conditions_json = EXCLUDED.conditions_json`,

  sessionById: `SELECT ${SESSION} FROM sessions WHERE id = $1`,
  // Locks the session's campaign; the session is read by the next statement, which (unlike a
  // row of this one) sees what the lock's previous holder committed.
  lockSessionCampaign: `SELECT c.id FROM campaigns c JOIN sessions s ON s.campaign_id = c.id
    WHERE s.id = $1 FOR NO KEY UPDATE OF c`,
  activeSession: `SELECT ${SESSION} FROM sessions WHERE campaign_id = $1 AND status = 'ACTIVE'`,
  insertSession: `INSERT INTO sessions (${SESSION}) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
  updateSession: `UPDATE sessions SET name = $2, status = $3, updated_at = $4, ended_at = $5
    WHERE id = $1`,
  sessions: campaignList("sessions", SESSION),

  logTail: `SELECT seq, ts FROM session_events WHERE session_id = $1 ORDER BY seq DESC LIMIT 1`,
  eventBySeq: `SELECT ${EVENT} FROM session_events WHERE session_id = $1 AND seq = $2`,
  // $2 of these three says whether GM-only notes are listed.
  listedEventBySeq: `SELECT 1 FROM session_events
    WHERE session_id = $1 AND (NOT gm_only OR $2) AND seq = $3`,
  eventsNewest: `SELECT ${EVENT} FROM session_events
    WHERE session_id = $1 AND (NOT gm_only OR $2) ORDER BY seq DESC LIMIT $3`,
  eventsBefore: `SELECT ${EVENT} FROM session_events
    WHERE session_id = $1 AND (NOT gm_only OR $2) AND seq < $3 ORDER BY seq DESC LIMIT $4`,
  searchNewest: searchStatement(""),
  // $7 and $8 name the previous page's last event, which searchCursor checks.
  searchBefore: searchStatement(
    "AND position < (SELECT position FROM session_event_search WHERE session_id = $7 AND seq = $8)",
  ),
  searchCursor: `SELECT 1 FROM session_event_search
    WHERE campaign_id = $1 AND (NOT gm_only OR $2) AND session_id = $3 AND seq = $4`,
  outcomeApplied: `SELECT 1 FROM outcome_applications WHERE session_id = $1 AND roll_seq = $2`,
  recordOutcome: `INSERT INTO outcome_applications (session_id, roll_seq, applied_at)
    VALUES ($1, $2, $3)`,
  putMcpSession: `INSERT INTO mcp_sessions (${MCP_SESSION}) VALUES ($1, $2, $3, $4, $5, $6)`,
  resumeMcpSession: `UPDATE mcp_sessions SET last_seen = $2 WHERE id = $1 AND last_seen >= $3
    RETURNING ${MCP_SESSION}`,
  saveMcpSessionState: "UPDATE mcp_sessions SET context = $2, subscriptions = $3 WHERE id = $1",
  deleteMcpSession: "DELETE FROM mcp_sessions WHERE id = $1",
  expireMcpSessions: "DELETE FROM mcp_sessions WHERE last_seen < $1",
  putContextHandle: `INSERT INTO context_handles (${CONTEXT_HANDLE}) VALUES ($1, $2, $3, $4)
    ON CONFLICT (subject, context) DO UPDATE SET last_used = excluded.last_used RETURNING id`,
  contextHandleById: `SELECT ${CONTEXT_HANDLE} FROM context_handles WHERE id = $1`,
  contextHandleByContext: `SELECT ${CONTEXT_HANDLE} FROM context_handles
    WHERE subject = $1 AND context = $2`,
  touchContextHandle: "UPDATE context_handles SET last_used = $2 WHERE id = $1",
  trimContextHandles: `DELETE FROM context_handles WHERE subject = $1 AND id NOT IN (
    SELECT id FROM context_handles WHERE subject = $1 ORDER BY last_used DESC, id LIMIT $2)`,
  expireContextHandles: `DELETE FROM context_handles WHERE id IN (
    SELECT id FROM context_handles WHERE last_used < $1 LIMIT $2)`,
  // A write's notices, sent inside its transaction: delivered if and when it commits.
  notifyChanges: "SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload",
} as const;

/**
 * The reads of at most one row, by a primary key, a unique index or `LIMIT 1`: those a command
 * issues together go to the database as one statement, each as a scalar subquery (which
 * PostgreSQL refuses, rather than answers wrongly, should one ever find a second row).
 */
export const LOOKUPS: ReadonlySet<string> = new Set([
  "campaignById",
  "ownerOf",
  "sessionCampaign",
  "sessionOwner",
  "sessionSeat",
  "eventSheet",
  "participantById",
  "seat",
  "inviteOf",
  "characterById",
  "adversaryById",
  "encounterById",
  "countdownById",
  "activeEncounter",
  "instanceById",
  "sheet",
  "sessionById",
  "activeSession",
  "logTail",
  "eventBySeq",
  "outcomeApplied",
]);

/**
 * The writes that change rows of one table alone, by the table: those a command issues together
 * go to the database as one statement when their tables differ.
 */
export const WRITE_TABLES: ReadonlyMap<string, string> = new Map([
  ["insertCampaign", "campaigns"],
  ["updateCampaign", "campaigns"],
  ["recordOwner", "campaign_owners"],
  ["insertParticipant", "participants"],
  ["updateParticipant", "participants"],
  ["putInvite", "seat_invites"],
  ["insertCharacter", "characters"],
  ["updateCharacter", "characters"],
  ["insertAdversary", "adversaries"],
  ["updateAdversary", "adversaries"],
  ["insertCountdown", "countdowns"],
  ["updateCountdown", "countdowns"],
  ["insertEncounter", "encounters"],
  ["updateEncounter", "encounters"],
  ["insertInstance", "encounter_instances"],
  ["updateInstance", "encounter_instances"],
  ["putProfile", "character_profiles"],
  ["putState", "character_states"],
  ["insertSession", "sessions"],
  ["updateSession", "sessions"],
  ["recordOutcome", "outcome_applications"],
]);

/** The table {@link insertEvents} writes. */
export const EVENTS_TABLE = "session_events";

/** The number of columns of a stored event. */
const EVENT_COLUMN_COUNT = 11;

/** The inserts of one to this many events are made once and kept. */
const KEPT_INSERTS = 16;
const keptInserts: string[] = [];

/**
 * An insert of `count` events at once (the calls of one tool append one or two).
 *
 * @param count - how many events
 * @returns the statement, with eleven parameters per event
 */
export function insertEvents(count: number): string {
  const kept = keptInserts[count];
  if (kept !== undefined) return kept;
  const rows = Array.from({ length: count }, (_, row) => {
    const first = row * EVENT_COLUMN_COUNT;
    const parameters = Array.from(
      { length: EVENT_COLUMN_COUNT },
      (_, column) => `$${first + column + 1}`,
    );
    return `(${parameters.join(", ")})`;
  });
  const text = `INSERT INTO session_events (${EVENT}) VALUES ${rows.join(", ")}`;
  if (count <= KEPT_INSERTS) keptInserts[count] = text;
  return text;
}

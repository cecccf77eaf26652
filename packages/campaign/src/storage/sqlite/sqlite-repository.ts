import type Database from "better-sqlite3";
import type { Adversary } from "../../domain/adversaries.js";
import type { Countdown } from "../../domain/countdowns.js";
import type { Encounter, EncounterInstance } from "../../domain/encounters.js";
import type {
  Campaign,
  Character,
  CharacterProfile,
  CharacterSheet,
  CharacterState,
  Participant,
  SeatInvite,
  Session,
  SessionEvent,
} from "../../domain/records.js";
import type {
  CampaignPageRequest,
  CampaignRepository,
  EventPageRequest,
  EventSearchRequest,
  LogTail,
  Page,
  PageRequest,
} from "../campaign-store.js";
import {
  type AdversaryRow,
  adversaryFromRow,
  adversaryRow,
  type CampaignRow,
  type CharacterRow,
  type ContextHandleRow,
  type CountdownRow,
  campaignFromRow,
  characterFromRow,
  characterRow,
  countdownFromRow,
  countdownRow,
  type EncounterRow,
  type EventRow,
  encounterFromRow,
  encounterRow,
  eventFromRow,
  type InstanceRow,
  instanceFromRow,
  instanceRow,
  type McpSessionRow,
  type ParticipantRow,
  type ProfileRow,
  participantFromRow,
  participantRow,
  profileFromRow,
  type SessionRow,
  type StateRow,
  sessionFromRow,
  stateFromRow,
  stateRow,
} from "../rows.js";

type Statement<Parameters extends unknown[], Row = unknown> = Database.Statement<Parameters, Row>;

/** A creation-ordered list of one table, optionally scoped to a campaign. */
interface OrderedList<Row> {
  /** The rowid of the cursor record, in scope. */
  position: Statement<string[], { rowid: number }>;
  /** Rows after a rowid, in rowid order, at most `limit`. */
  after: Statement<(string | number)[], Row>;
}

/** Scopes a list to one campaign's records: its parameter is the campaign id. */
const IN_CAMPAIGN = "campaign_id = ? AND ";

/**
 * Scopes the campaigns to those a subject owns or holds a seat in: its two parameters are the
 * subject.
 */
const VISIBLE_TO_SUBJECT = `id IN (SELECT campaign_id FROM campaign_owners WHERE owner = ?
  UNION SELECT campaign_id FROM participants WHERE user_subject = ?) AND `;

/**
 * @param scope - a condition ending in `AND `, whose parameters come first, or nothing
 */
function orderedList<Row>(
  database: Database.Database,
  table: string,
  scope = "",
): OrderedList<Row> {
  return {
    position: database.prepare(`SELECT rowid FROM ${table} WHERE ${scope}id = ?`),
    after: database.prepare(
      `SELECT * FROM ${table} WHERE ${scope}rowid > ? ORDER BY rowid LIMIT ?`,
    ),
  };
}

function readPage<Row, Item>(
  list: OrderedList<Row>,
  scope: string[],
  page: PageRequest,
  toItem: (row: Row) => Item,
): Page<Item> | undefined {
  let after = 0;
  if (page.afterId !== undefined) {
    const found = list.position.get(...scope, page.afterId);
    if (!found) return undefined;
    after = found.rowid;
  }
  const rows = list.after.all(...scope, after, page.limit + 1);
  return { items: rows.slice(0, page.limit).map(toItem), hasMore: rows.length > page.limit };
}

function campaignStatements(database: Database.Database) {
  return {
    byId: database.prepare<[string], CampaignRow>("SELECT * FROM campaigns WHERE id = ?"),
    insert: database.prepare<[Campaign]>(
      `INSERT INTO campaigns (id, name, gm_mode, theme_prompt, participant_count,
         character_count, gm_fear, created_at, updated_at)
       VALUES (@id, @name, @gm_mode, @theme_prompt, @participant_count, @character_count,
         @gm_fear, @created_at, @updated_at)`,
    ),
    update: database.prepare<[Campaign]>(
      `UPDATE campaigns SET name = @name, gm_mode = @gm_mode, theme_prompt = @theme_prompt,
         participant_count = @participant_count, character_count = @character_count,
         gm_fear = @gm_fear, updated_at = @updated_at
       WHERE id = @id`,
    ),
    list: orderedList<CampaignRow>(database, "campaigns"),
    visible: orderedList<CampaignRow>(database, "campaigns", VISIBLE_TO_SUBJECT),
    owner: database.prepare<[string], { owner: string }>(
      "SELECT owner FROM campaign_owners WHERE campaign_id = ?",
    ),
    recordOwner: database.prepare<[string, string]>(
      "INSERT INTO campaign_owners (campaign_id, owner) VALUES (?, ?)",
    ),
  };
}

function participantStatements(database: Database.Database) {
  return {
    byId: database.prepare<[string], ParticipantRow>("SELECT * FROM participants WHERE id = ?"),
    insert: database.prepare<[ParticipantRow]>(
      `INSERT INTO participants (id, campaign_id, display_name, role, controller, user_subject,
         created_at, updated_at)
       VALUES (@id, @campaign_id, @display_name, @role, @controller, @user_subject, @created_at,
         @updated_at)`,
    ),
    update: database.prepare<[ParticipantRow]>(
      `UPDATE participants SET display_name = @display_name, role = @role,
         controller = @controller, user_subject = @user_subject, updated_at = @updated_at
       WHERE id = @id`,
    ),
    seat: database.prepare<[string, string], ParticipantRow>(
      "SELECT * FROM participants WHERE campaign_id = ? AND user_subject = ?",
    ),
    invite: database.prepare<[string], SeatInvite>(
      "SELECT * FROM seat_invites WHERE participant_id = ?",
    ),
    putInvite: database.prepare<[SeatInvite]>(
      `INSERT OR REPLACE INTO seat_invites (participant_id, campaign_id, code_sha256, created_by,
         created_at, expires_at, used_by, used_at)
       VALUES (@participant_id, @campaign_id, @code_sha256, @created_by, @created_at,
         @expires_at, @used_by, @used_at)`,
    ),
    list: orderedList<ParticipantRow>(database, "participants", IN_CAMPAIGN),
  };
}

function adversaryStatements(database: Database.Database) {
  return {
    byId: database.prepare<[string], AdversaryRow>("SELECT * FROM adversaries WHERE id = ?"),
    insert: database.prepare<[AdversaryRow]>(
      `INSERT INTO adversaries (id, campaign_id, name, block_json, created_at, updated_at)
       VALUES (@id, @campaign_id, @name, @block_json, @created_at, @updated_at)`,
    ),
    update: database.prepare<[AdversaryRow]>(
      `UPDATE adversaries SET name = @name, block_json = @block_json, updated_at = @updated_at
       WHERE id = @id`,
    ),
    list: orderedList<AdversaryRow>(database, "adversaries", IN_CAMPAIGN),
  };
}

function encounterStatements(database: Database.Database) {
  return {
    byId: database.prepare<[string], EncounterRow>("SELECT * FROM encounters WHERE id = ?"),
    active: database.prepare<[string], EncounterRow>(
      "SELECT * FROM encounters WHERE session_id = ? AND state = 'ACTIVE'",
    ),
    insert: database.prepare<[EncounterRow]>(
      `INSERT INTO encounters (id, campaign_id, session_id, name, state, difficulty,
         adjustments_json, party_json, outcome, started_at, updated_at, ended_at)
       VALUES (@id, @campaign_id, @session_id, @name, @state, @difficulty, @adjustments_json,
         @party_json, @outcome, @started_at, @updated_at, @ended_at)`,
    ),
    update: database.prepare<[EncounterRow]>(
      `UPDATE encounters SET name = @name, state = @state, difficulty = @difficulty,
         adjustments_json = @adjustments_json, party_json = @party_json, outcome = @outcome,
         updated_at = @updated_at, ended_at = @ended_at
       WHERE id = @id`,
    ),
    instanceById: database.prepare<[string], InstanceRow>(
      "SELECT * FROM encounter_instances WHERE id = ?",
    ),
    instances: database.prepare<[string], InstanceRow>(
      "SELECT * FROM encounter_instances WHERE encounter_id = ? ORDER BY rowid",
    ),
    insertInstance: database.prepare<[InstanceRow]>(
      `INSERT INTO encounter_instances (id, encounter_id, adversary_id, number, name, defeated,
         hp_marked, stress_marked, conditions_json, removed)
       VALUES (@id, @encounter_id, @adversary_id, @number, @name, @defeated, @hp_marked,
         @stress_marked, @conditions_json, @removed)`,
    ),
    updateInstance: database.prepare<[InstanceRow]>(
      `UPDATE encounter_instances SET defeated = @defeated, hp_marked = @hp_marked,
         stress_marked = @stress_marked, conditions_json = @conditions_json, removed = @removed
       WHERE id = @id`,
    ),
  };
}

function countdownStatements(database: Database.Database) {
  return {
    byId: database.prepare<[string], CountdownRow>("SELECT * FROM countdowns WHERE id = ?"),
    insert: database.prepare<[CountdownRow]>(
      `INSERT INTO countdowns (id, campaign_id, encounter_id, name, kind, start, value, state,
         visible_to_players, dynamic_json, triggered, deleted, created_at, updated_at)
       VALUES (@id, @campaign_id, @encounter_id, @name, @kind, @start, @value, @state,
         @visible_to_players, @dynamic_json, @triggered, @deleted, @created_at, @updated_at)`,
    ),
    update: database.prepare<[CountdownRow]>(
      `UPDATE countdowns SET value = @value, state = @state, triggered = @triggered,
         deleted = @deleted, updated_at = @updated_at
       WHERE id = @id`,
    ),
    list: orderedList<CountdownRow>(database, "countdowns", IN_CAMPAIGN),
  };
}

function characterStatements(database: Database.Database) {
  return {
    byId: database.prepare<[string], CharacterRow>("SELECT * FROM characters WHERE id = ?"),
    insert: database.prepare<[CharacterRow]>(
      `INSERT INTO characters (id, campaign_id, name, kind, notes, notes_gm_only, controller,
         created_at, updated_at)
       VALUES (@id, @campaign_id, @name, @kind, @notes, @notes_gm_only, @controller, @created_at,
         @updated_at)`,
    ),
    update: database.prepare<[CharacterRow]>(
      `UPDATE characters SET name = @name, kind = @kind, notes = @notes,
         notes_gm_only = @notes_gm_only, controller = @controller, updated_at = @updated_at
       WHERE id = @id`,
    ),
    list: orderedList<CharacterRow>(database, "characters", IN_CAMPAIGN),
    profile: database.prepare<[string], ProfileRow>(
      "SELECT * FROM character_profiles WHERE character_id = ?",
    ),
    putProfile: database.prepare<[ProfileRow]>(
      `INSERT OR REPLACE INTO character_profiles (character_id, traits_json, hp_max, stress_max,
         evasion, major_threshold, severe_threshold)
       VALUES (@character_id, @traits_json, @hp_max, @stress_max, @evasion, @major_threshold,
         @severe_threshold)`,
    ),
    state: database.prepare<[string], StateRow>(
      `SELECT character_id, hope, stress, hp, conditions_json FROM character_states
       WHERE character_id = ?`,
    ),
    putState: database.prepare<[StateRow]>(
      `INSERT OR REPLACE INTO character_states (character_id, hope, stress, hp, conditions_json)
       VALUES (@character_id, @hope, @stress, @hp, @conditions_json)`,
    ),
  };
}

function sessionStatements(database: Database.Database) {
  return {
    byId: database.prepare<[string], SessionRow>("SELECT * FROM sessions WHERE id = ?"),
    active: database.prepare<[string], SessionRow>(
      "SELECT * FROM sessions WHERE campaign_id = ? AND status = 'ACTIVE'",
    ),
    insert: database.prepare<[SessionRow]>(
      `INSERT INTO sessions (id, campaign_id, name, status, started_at, updated_at, ended_at)
       VALUES (@id, @campaign_id, @name, @status, @started_at, @updated_at, @ended_at)`,
    ),
    update: database.prepare<[SessionRow]>(
      `UPDATE sessions SET name = @name, status = @status, updated_at = @updated_at,
         ended_at = @ended_at
       WHERE id = @id`,
    ),
    list: orderedList<SessionRow>(database, "sessions", IN_CAMPAIGN),
  };
}

function eventStatements(database: Database.Database) {
  return {
    tail: database.prepare<[string], LogTail>(
      "SELECT seq, ts FROM session_events WHERE session_id = ? ORDER BY seq DESC LIMIT 1",
    ),
    insert: database.prepare<[EventRow]>(
      `INSERT INTO session_events (session_id, seq, ts, type, gm_only, request_id, invocation_id,
         participant_id, actor, character_id, payload_json)
       VALUES (@session_id, @seq, @ts, @type, @gm_only, @request_id, @invocation_id,
         @participant_id, @actor, @character_id, @payload_json)`,
    ),
    bySeq: database.prepare<[string, number], EventRow>(
      "SELECT * FROM session_events WHERE session_id = ? AND seq = ?",
    ),
    // The last gm_only parameter is 1 to list GM-only notes too, 0 to leave them out.
    listedBySeq: database.prepare<[string, number, number], EventRow>(
      "SELECT * FROM session_events WHERE session_id = ? AND seq = ? AND gm_only <= ?",
    ),
    newest: database.prepare<[string, number, number], EventRow>(
      `SELECT * FROM session_events WHERE session_id = ? AND gm_only <= ?
       ORDER BY seq DESC LIMIT ?`,
    ),
    before: database.prepare<[string, number, number, number], EventRow>(
      `SELECT * FROM session_events WHERE session_id = ? AND seq < ? AND gm_only <= ?
       ORDER BY seq DESC LIMIT ?`,
    ),
    applied: database.prepare<[string, number], { found: number }>(
      "SELECT 1 AS found FROM outcome_applications WHERE session_id = ? AND roll_seq = ?",
    ),
    recordApplied: database.prepare<[string, number, string]>(
      "INSERT INTO outcome_applications (session_id, roll_seq, applied_at) VALUES (?, ?, ?)",
    ),
  };
}

/** The parameters of a search (docs/campaign.md §4.20); null leaves a filter out. */
interface SearchParameters {
  match: string;
  campaign: string;
  session: string | null;
  /** The types as a JSON array. */
  types: string | null;
  /** 1 to find GM-only notes too, 0 to leave them out. */
  gm_only: number;
  /** The positions searched: from `first` to before `before`. */
  first: number;
  before: number;
  limit: number;
}

/**
 * The FTS5 index yields matches newest first (by position, its rowid), only between the
 * campaign's or the session's first and last positions, and the search stops at the page's end;
 * each match is kept or passed over by its campaign, session, type and note. CROSS JOIN keeps
 * the index the outer loop: SQLite would otherwise walk the campaign's positions and look each
 * up in the index.
 */
function searchStatements(database: Database.Database) {
  return {
    matches: database.prepare<[SearchParameters], EventRow>(
      `SELECT e.* FROM session_event_words w
         CROSS JOIN session_event_search x ON x.position = w.rowid
         CROSS JOIN session_events e ON e.session_id = x.session_id AND e.seq = x.seq
       WHERE session_event_words MATCH @match AND w.rowid >= @first AND w.rowid < @before
         AND x.campaign_id = @campaign
         AND (@session IS NULL OR x.session_id = @session)
         AND x.gm_only <= @gm_only
         AND (@types IS NULL OR x.type IN (SELECT value FROM json_each(@types)))
       ORDER BY w.rowid DESC LIMIT @limit`,
    ),
    position: database.prepare<[string, number, string, number], { position: number }>(
      `SELECT position FROM session_event_search
       WHERE session_id = ? AND seq = ? AND campaign_id = ? AND gm_only <= ?`,
    ),
    campaignBounds: database.prepare<[string, string], Bounds>(
      `SELECT
         (SELECT position FROM session_event_search WHERE campaign_id = ?
          ORDER BY position LIMIT 1) AS first,
         (SELECT position FROM session_event_search WHERE campaign_id = ?
          ORDER BY position DESC LIMIT 1) AS last`,
    ),
    sessionBounds: database.prepare<[string, string], Bounds>(
      `SELECT
         (SELECT position FROM session_event_search WHERE session_id = ?
          ORDER BY seq LIMIT 1) AS first,
         (SELECT position FROM session_event_search WHERE session_id = ?
          ORDER BY seq DESC LIMIT 1) AS last`,
    ),
  };
}

/** The first and last positions of a campaign's or a session's events; null when it has none. */
interface Bounds {
  first: number | null;
  last: number | null;
}

/**
 * An FTS5 query that finds the rows holding every word: each word quoted, so that it is read as
 * a string and never as an operator (the words hold no quote, see `searchWords`).
 */
function matchEveryWord(words: readonly string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"`).join(" ");
}

function mcpSessionStatements(database: Database.Database) {
  return {
    put: database.prepare<[McpSessionRow]>(
      `INSERT INTO mcp_sessions (id, subject, initialize, context, subscriptions, last_seen)
       VALUES (@id, @subject, @initialize, @context, @subscriptions, @last_seen)`,
    ),
    resume: database.prepare<[string, string, string], McpSessionRow>(
      "UPDATE mcp_sessions SET last_seen = ? WHERE id = ? AND last_seen >= ? RETURNING *",
    ),
    saveState: database.prepare<[string, string, string]>(
      "UPDATE mcp_sessions SET context = ?, subscriptions = ? WHERE id = ?",
    ),
    delete: database.prepare<[string]>("DELETE FROM mcp_sessions WHERE id = ?"),
    expire: database.prepare<[string]>("DELETE FROM mcp_sessions WHERE last_seen < ?"),
  };
}

function contextHandleStatements(database: Database.Database) {
  return {
    put: database.prepare<[ContextHandleRow], { id: string }>(
      `INSERT INTO context_handles (id, subject, context, last_used)
       VALUES (@id, @subject, @context, @last_used)
       ON CONFLICT (subject, context) DO UPDATE SET last_used = excluded.last_used
       RETURNING id`,
    ),
    byId: database.prepare<[string], ContextHandleRow>(
      "SELECT * FROM context_handles WHERE id = ?",
    ),
    byContext: database.prepare<[string, string], ContextHandleRow>(
      "SELECT * FROM context_handles WHERE subject = ? AND context = ?",
    ),
    touch: database.prepare<[string, string]>(
      "UPDATE context_handles SET last_used = ? WHERE id = ?",
    ),
    trim: database.prepare<[string, string, number]>(
      `DELETE FROM context_handles WHERE subject = ? AND id NOT IN (
         SELECT id FROM context_handles WHERE subject = ? ORDER BY last_used DESC, id LIMIT ?)`,
    ),
    expire: database.prepare<[string, number]>(
      `DELETE FROM context_handles WHERE id IN (
         SELECT id FROM context_handles WHERE last_used < ? LIMIT ?)`,
    ),
  };
}

/**
 * The storage port on one better-sqlite3 connection. Every method runs prepared statements
 * synchronously and answers with a settled promise; the store runs one transaction at a time on
 * the connection, whose write transaction locks the whole database, so the campaign locks of
 * the port are plain reads here.
 */
export class SqliteCampaignRepository implements CampaignRepository {
  private readonly campaigns: ReturnType<typeof campaignStatements>;
  private readonly participants: ReturnType<typeof participantStatements>;
  private readonly characters: ReturnType<typeof characterStatements>;
  private readonly adversaries: ReturnType<typeof adversaryStatements>;
  private readonly encounters: ReturnType<typeof encounterStatements>;
  private readonly countdowns: ReturnType<typeof countdownStatements>;
  private readonly sessions: ReturnType<typeof sessionStatements>;
  private readonly events: ReturnType<typeof eventStatements>;
  private readonly search: ReturnType<typeof searchStatements>;
  private readonly mcpSessions: ReturnType<typeof mcpSessionStatements>;
  private readonly contextHandles: ReturnType<typeof contextHandleStatements>;

  /** @param database - an open, migrated connection */
  constructor(database: Database.Database) {
    this.campaigns = campaignStatements(database);
    this.participants = participantStatements(database);
    this.characters = characterStatements(database);
    this.adversaries = adversaryStatements(database);
    this.encounters = encounterStatements(database);
    this.countdowns = countdownStatements(database);
    this.sessions = sessionStatements(database);
    this.events = eventStatements(database);
    this.search = searchStatements(database);
    this.mcpSessions = mcpSessionStatements(database);
    this.contextHandles = contextHandleStatements(database);
  }

  async getCampaign(id: string): Promise<Campaign | undefined> {
    const row = this.campaigns.byId.get(id);
    return row && campaignFromRow(row);
  }

  lockCampaign(id: string): Promise<Campaign | undefined> {
    return this.getCampaign(id);
  }

  async insertCampaign(campaign: Campaign): Promise<void> {
    this.campaigns.insert.run(campaign);
  }

  async updateCampaign(campaign: Campaign): Promise<void> {
    this.campaigns.update.run(campaign);
  }

  async listCampaigns(page: CampaignPageRequest): Promise<Page<Campaign> | undefined> {
    const subject = page.visibleTo;
    if (subject === undefined) return readPage(this.campaigns.list, [], page, campaignFromRow);
    return readPage(this.campaigns.visible, [subject, subject], page, campaignFromRow);
  }

  async getOwner(campaignId: string): Promise<string | undefined> {
    return this.campaigns.owner.get(campaignId)?.owner;
  }

  async recordOwner(campaignId: string, owner: string): Promise<void> {
    this.campaigns.recordOwner.run(campaignId, owner);
  }

  async getParticipant(id: string): Promise<Participant | undefined> {
    const row = this.participants.byId.get(id);
    return row && participantFromRow(row);
  }

  async insertParticipant(participant: Participant): Promise<void> {
    this.participants.insert.run(participantRow(participant));
  }

  async updateParticipant(participant: Participant): Promise<void> {
    this.participants.update.run(participantRow(participant));
  }

  async findSeat(campaignId: string, subject: string): Promise<Participant | undefined> {
    const row = this.participants.seat.get(campaignId, subject);
    return row && participantFromRow(row);
  }

  async getInvite(participantId: string): Promise<SeatInvite | undefined> {
    return this.participants.invite.get(participantId);
  }

  async putInvite(invite: SeatInvite): Promise<void> {
    this.participants.putInvite.run(invite);
  }

  async listParticipants(
    campaignId: string,
    page: PageRequest,
  ): Promise<Page<Participant> | undefined> {
    return readPage(this.participants.list, [campaignId], page, participantFromRow);
  }

  async getAdversary(id: string): Promise<Adversary | undefined> {
    const row = this.adversaries.byId.get(id);
    return row && adversaryFromRow(row);
  }

  async insertAdversary(adversary: Adversary): Promise<void> {
    this.adversaries.insert.run(adversaryRow(adversary));
  }

  async updateAdversary(adversary: Adversary): Promise<void> {
    this.adversaries.update.run(adversaryRow(adversary));
  }

  async listAdversaries(
    campaignId: string,
    page: PageRequest,
  ): Promise<Page<Adversary> | undefined> {
    return readPage(this.adversaries.list, [campaignId], page, adversaryFromRow);
  }

  async getEncounter(id: string): Promise<Encounter | undefined> {
    const row = this.encounters.byId.get(id);
    return row && encounterFromRow(row);
  }

  async findActiveEncounter(sessionId: string): Promise<Encounter | undefined> {
    const row = this.encounters.active.get(sessionId);
    return row && encounterFromRow(row);
  }

  async insertEncounter(encounter: Encounter): Promise<void> {
    this.encounters.insert.run(encounterRow(encounter));
  }

  async updateEncounter(encounter: Encounter): Promise<void> {
    this.encounters.update.run(encounterRow(encounter));
  }

  async getInstance(id: string): Promise<EncounterInstance | undefined> {
    const row = this.encounters.instanceById.get(id);
    return row && instanceFromRow(row);
  }

  async listInstances(encounterId: string): Promise<EncounterInstance[]> {
    return this.encounters.instances.all(encounterId).map(instanceFromRow);
  }

  async insertInstances(instances: readonly EncounterInstance[]): Promise<void> {
    for (const instance of instances) this.encounters.insertInstance.run(instanceRow(instance));
  }

  async updateInstance(instance: EncounterInstance): Promise<void> {
    this.encounters.updateInstance.run(instanceRow(instance));
  }

  async getCountdown(id: string): Promise<Countdown | undefined> {
    const row = this.countdowns.byId.get(id);
    return row && countdownFromRow(row);
  }

  async insertCountdown(countdown: Countdown): Promise<void> {
    this.countdowns.insert.run(countdownRow(countdown));
  }

  async updateCountdown(countdown: Countdown): Promise<void> {
    this.countdowns.update.run(countdownRow(countdown));
  }

  async listCountdowns(
    campaignId: string,
    page: PageRequest,
  ): Promise<Page<Countdown> | undefined> {
    return readPage(this.countdowns.list, [campaignId], page, countdownFromRow);
  }

  async getCharacter(id: string): Promise<Character | undefined> {
    const row = this.characters.byId.get(id);
    return row && characterFromRow(row);
  }

  async insertCharacter(character: Character): Promise<void> {
    this.characters.insert.run(characterRow(character));
  }

  async updateCharacter(character: Character): Promise<void> {
    this.characters.update.run(characterRow(character));
  }

  async listCharacters(
    campaignId: string,
    page: PageRequest,
  ): Promise<Page<Character> | undefined> {
    return readPage(this.characters.list, [campaignId], page, characterFromRow);
  }

  async getSheet(characterId: string): Promise<CharacterSheet | undefined> {
    const character = this.characters.byId.get(characterId);
    const profile = this.characters.profile.get(characterId);
    const state = this.characters.state.get(characterId);
    if (!character || !profile || !state) return undefined;
    return {
      character: characterFromRow(character),
      profile: profileFromRow(profile),
      state: stateFromRow(state),
    };
  }

  async putProfile(profile: CharacterProfile): Promise<void> {
    const { traits, ...rest } = profile;
    this.characters.putProfile.run({ ...rest, traits_json: JSON.stringify(traits) });
  }

  async putState(state: CharacterState): Promise<void> {
    this.characters.putState.run(stateRow(state));
  }

  async getSession(id: string): Promise<Session | undefined> {
    const row = this.sessions.byId.get(id);
    return row && sessionFromRow(row);
  }

  async getSessionCampaign(sessionId: string): Promise<Campaign | undefined> {
    const session = this.sessions.byId.get(sessionId);
    return session && this.getCampaign(session.campaign_id);
  }

  async getSessionOwner(sessionId: string): Promise<string | undefined> {
    const session = this.sessions.byId.get(sessionId);
    return session && this.getOwner(session.campaign_id);
  }

  async findSessionSeat(sessionId: string, subject: string): Promise<Participant | undefined> {
    const session = this.sessions.byId.get(sessionId);
    return session && this.findSeat(session.campaign_id, subject);
  }

  async getEventSheet(sessionId: string, seq: number): Promise<CharacterSheet | undefined> {
    const characterId = this.events.bySeq.get(sessionId, seq)?.character_id;
    return characterId ? this.getSheet(characterId) : undefined;
  }

  lockSession(id: string): Promise<Session | undefined> {
    return this.getSession(id);
  }

  async findActiveSession(campaignId: string): Promise<Session | undefined> {
    const row = this.sessions.active.get(campaignId);
    return row && sessionFromRow(row);
  }

  async insertSession(session: Session): Promise<void> {
    this.sessions.insert.run({ ...session, ended_at: session.ended_at ?? null });
  }

  async updateSession(session: Session): Promise<void> {
    this.sessions.update.run({ ...session, ended_at: session.ended_at ?? null });
  }

  async listSessions(campaignId: string, page: PageRequest): Promise<Page<Session> | undefined> {
    return readPage(this.sessions.list, [campaignId], page, sessionFromRow);
  }

  async logTail(sessionId: string): Promise<LogTail | undefined> {
    return this.events.tail.get(sessionId);
  }

  async appendEvents(events: readonly SessionEvent[]): Promise<void> {
    for (const event of events) {
      this.events.insert.run({
        ...event,
        gm_only: event.gm_only ? 1 : 0,
        participant_id: event.participant_id ?? null,
        character_id: event.character_id ?? null,
      });
    }
  }

  async getEvent(sessionId: string, seq: number): Promise<SessionEvent | undefined> {
    const row = this.events.bySeq.get(sessionId, seq);
    return row && eventFromRow(row);
  }

  async listEvents(
    sessionId: string,
    page: EventPageRequest,
  ): Promise<Page<SessionEvent> | undefined> {
    const gmOnly = page.includeGmOnly ? 1 : 0;
    let rows: EventRow[];
    if (page.beforeSeq === undefined) {
      rows = this.events.newest.all(sessionId, gmOnly, page.limit + 1);
    } else {
      if (!this.events.listedBySeq.get(sessionId, page.beforeSeq, gmOnly)) return undefined;
      rows = this.events.before.all(sessionId, page.beforeSeq, gmOnly, page.limit + 1);
    }
    return {
      items: rows.slice(0, page.limit).map(eventFromRow),
      hasMore: rows.length > page.limit,
    };
  }

  async searchEvents(
    campaignId: string,
    search: EventSearchRequest,
  ): Promise<Page<SessionEvent> | undefined> {
    const gmOnly = search.includeGmOnly ? 1 : 0;
    let before = Number.MAX_SAFE_INTEGER;
    if (search.before !== undefined) {
      const { sessionId, seq } = search.before;
      const found = this.search.position.get(sessionId, seq, campaignId, gmOnly);
      if (!found) return undefined;
      before = found.position;
    }
    const session = search.sessionId;
    const bounds =
      session === undefined
        ? this.search.campaignBounds.get(campaignId, campaignId)
        : this.search.sessionBounds.get(session, session);
    if (bounds?.first == null || bounds.last == null) return { items: [], hasMore: false };
    const rows = this.search.matches.all({
      match: matchEveryWord(search.words),
      campaign: campaignId,
      session: session ?? null,
      types: search.types === undefined ? null : JSON.stringify(search.types),
      gm_only: gmOnly,
      first: bounds.first,
      before: Math.min(before, bounds.last + 1),
      limit: search.limit + 1,
    });
    return {
      items: rows.slice(0, search.limit).map(eventFromRow),
      hasMore: rows.length > search.limit,
    };
  }

  async hasOutcomeApplication(sessionId: string, rollSeq: number): Promise<boolean> {
    return this.events.applied.get(sessionId, rollSeq) !== undefined;
  }

  async recordOutcomeApplication(
    sessionId: string,
    rollSeq: number,
    appliedAt: string,
  ): Promise<void> {
    this.events.recordApplied.run(sessionId, rollSeq, appliedAt);
  }

  async putMcpSession(row: McpSessionRow): Promise<void> {
    this.mcpSessions.put.run(row);
  }

  async resumeMcpSession(
    id: string,
    seenAt: string,
    notBefore: string,
  ): Promise<McpSessionRow | undefined> {
    return this.mcpSessions.resume.get(seenAt, id, notBefore);
  }

  async saveMcpSessionState(id: string, context: string, subscriptions: string): Promise<void> {
    this.mcpSessions.saveState.run(context, subscriptions, id);
  }

  async deleteMcpSession(id: string): Promise<void> {
    this.mcpSessions.delete.run(id);
  }

  async expireMcpSessions(before: string): Promise<void> {
    this.mcpSessions.expire.run(before);
  }

  async putContextHandle(row: ContextHandleRow): Promise<string> {
    const kept = this.contextHandles.put.get(row);
    if (!kept) throw new Error("context handle upsert returned no row");
    return kept.id;
  }

  async getContextHandle(id: string): Promise<ContextHandleRow | undefined> {
    return this.contextHandles.byId.get(id);
  }

  async findContextHandle(subject: string, context: string): Promise<ContextHandleRow | undefined> {
    return this.contextHandles.byContext.get(subject, context);
  }

  async touchContextHandle(id: string, usedAt: string): Promise<void> {
    this.contextHandles.touch.run(usedAt, id);
  }

  async trimContextHandles(subject: string, keep: number): Promise<void> {
    this.contextHandles.trim.run(subject, subject, keep);
  }

  async expireContextHandles(before: string, limit: number): Promise<void> {
    this.contextHandles.expire.run(before, limit);
  }
}

import type Database from "better-sqlite3";
import type {
  Campaign,
  Character,
  CharacterProfile,
  CharacterState,
  Participant,
  Session,
  SessionEvent,
} from "../domain/records.js";
import type {
  CampaignRepository,
  EventPageRequest,
  LogTail,
  Page,
  PageRequest,
} from "./campaign-store.js";
import {
  type CampaignRow,
  type CharacterRow,
  campaignFromRow,
  characterFromRow,
  type EventRow,
  eventFromRow,
  type ParticipantRow,
  type ProfileRow,
  participantFromRow,
  profileFromRow,
  type SessionRow,
  sessionFromRow,
  stateFromRow,
} from "./rows.js";

type Statement<Parameters extends unknown[], Row = unknown> = Database.Statement<Parameters, Row>;

/** A creation-ordered list of one table, optionally scoped to a campaign. */
interface OrderedList<Row> {
  /** The rowid of the cursor record, in scope. */
  position: Statement<string[], { rowid: number }>;
  /** Rows after a rowid, in rowid order, at most `limit`. */
  after: Statement<(string | number)[], Row>;
}

function orderedList<Row>(
  database: Database.Database,
  table: string,
  scoped: boolean,
): OrderedList<Row> {
  const scope = scoped ? "campaign_id = ? AND " : "";
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

/** The storage port on one better-sqlite3 connection; every method runs one prepared statement. */
export class SqliteCampaignRepository implements CampaignRepository {
  private readonly campaignById: Statement<[string], CampaignRow>;
  private readonly campaignInsert: Statement<[Campaign]>;
  private readonly campaignUpdate: Statement<[Campaign]>;
  private readonly campaigns: OrderedList<CampaignRow>;
  private readonly participantById: Statement<[string], ParticipantRow>;
  private readonly participantInsert: Statement<[Participant]>;
  private readonly participants: OrderedList<ParticipantRow>;
  private readonly characterById: Statement<[string], CharacterRow>;
  private readonly characterInsert: Statement<[Character]>;
  private readonly characterUpdate: Statement<[Character]>;
  private readonly characters: OrderedList<CharacterRow>;
  private readonly profileById: Statement<[string], ProfileRow>;
  private readonly profilePut: Statement<[ProfileRow]>;
  private readonly stateById: Statement<[string], CharacterState>;
  private readonly statePut: Statement<[CharacterState]>;
  private readonly sessionById: Statement<[string], SessionRow>;
  private readonly activeSession: Statement<[string], SessionRow>;
  private readonly sessionInsert: Statement<[SessionRow]>;
  private readonly sessionUpdate: Statement<[SessionRow]>;
  private readonly sessions: OrderedList<SessionRow>;
  private readonly tail: Statement<[string], LogTail>;
  private readonly eventInsert: Statement<[EventRow]>;
  private readonly eventBySeq: Statement<[string, number], EventRow>;
  private readonly eventsNewest: Statement<[string, number], EventRow>;
  private readonly eventsBefore: Statement<[string, number, number], EventRow>;
  private readonly applicationExists: Statement<[string, number], { found: number }>;
  private readonly applicationInsert: Statement<[string, number, string]>;

  /** @param database - an open, migrated connection */
  constructor(database: Database.Database) {
    const prepare = database.prepare.bind(database);
    this.campaignById = prepare("SELECT * FROM campaigns WHERE id = ?");
    this.campaignInsert = prepare(
      `INSERT INTO campaigns (id, name, gm_mode, theme_prompt, participant_count, character_count,
         gm_fear, created_at, updated_at)
       VALUES (@id, @name, @gm_mode, @theme_prompt, @participant_count, @character_count,
         @gm_fear, @created_at, @updated_at)`,
    );
    this.campaignUpdate = prepare(
      `UPDATE campaigns SET name = @name, gm_mode = @gm_mode, theme_prompt = @theme_prompt,
         participant_count = @participant_count, character_count = @character_count,
         gm_fear = @gm_fear, updated_at = @updated_at
       WHERE id = @id`,
    );
    this.campaigns = orderedList(database, "campaigns", false);
    this.participantById = prepare("SELECT * FROM participants WHERE id = ?");
    this.participantInsert = prepare(
      `INSERT INTO participants (id, campaign_id, display_name, role, controller, created_at,
         updated_at)
       VALUES (@id, @campaign_id, @display_name, @role, @controller, @created_at, @updated_at)`,
    );
    this.participants = orderedList(database, "participants", true);
    this.characterById = prepare("SELECT * FROM characters WHERE id = ?");
    this.characterInsert = prepare(
      `INSERT INTO characters (id, campaign_id, name, kind, notes, controller, created_at,
         updated_at)
       VALUES (@id, @campaign_id, @name, @kind, @notes, @controller, @created_at, @updated_at)`,
    );
    this.characterUpdate = prepare(
      `UPDATE characters SET name = @name, kind = @kind, notes = @notes,
         controller = @controller, updated_at = @updated_at
       WHERE id = @id`,
    );
    this.characters = orderedList(database, "characters", true);
    this.profileById = prepare("SELECT * FROM character_profiles WHERE character_id = ?");
    this.profilePut = prepare(
      `INSERT OR REPLACE INTO character_profiles (character_id, traits_json, hp_max, stress_max,
         evasion, major_threshold, severe_threshold)
       VALUES (@character_id, @traits_json, @hp_max, @stress_max, @evasion, @major_threshold,
         @severe_threshold)`,
    );
    this.stateById = prepare(
      "SELECT character_id, hope, stress, hp FROM character_states WHERE character_id = ?",
    );
    this.statePut = prepare(
      `INSERT OR REPLACE INTO character_states (character_id, hope, stress, hp)
       VALUES (@character_id, @hope, @stress, @hp)`,
    );
    this.sessionById = prepare("SELECT * FROM sessions WHERE id = ?");
    this.activeSession = prepare(
      "SELECT * FROM sessions WHERE campaign_id = ? AND status = 'ACTIVE'",
    );
    this.sessionInsert = prepare(
      `INSERT INTO sessions (id, campaign_id, name, status, started_at, updated_at, ended_at)
       VALUES (@id, @campaign_id, @name, @status, @started_at, @updated_at, @ended_at)`,
    );
    this.sessionUpdate = prepare(
      `UPDATE sessions SET name = @name, status = @status, updated_at = @updated_at,
         ended_at = @ended_at
       WHERE id = @id`,
    );
    this.sessions = orderedList(database, "sessions", true);
    this.tail = prepare(
      "SELECT seq, ts FROM session_events WHERE session_id = ? ORDER BY seq DESC LIMIT 1",
    );
    this.eventInsert = prepare(
      `INSERT INTO session_events (session_id, seq, ts, type, request_id, invocation_id,
         participant_id, character_id, payload_json)
       VALUES (@session_id, @seq, @ts, @type, @request_id, @invocation_id, @participant_id,
         @character_id, @payload_json)`,
    );
    this.eventBySeq = prepare("SELECT * FROM session_events WHERE session_id = ? AND seq = ?");
    this.eventsNewest = prepare(
      "SELECT * FROM session_events WHERE session_id = ? ORDER BY seq DESC LIMIT ?",
    );
    this.eventsBefore = prepare(
      `SELECT * FROM session_events WHERE session_id = ? AND seq < ?
       ORDER BY seq DESC LIMIT ?`,
    );
    this.applicationExists = prepare(
      "SELECT 1 AS found FROM outcome_applications WHERE session_id = ? AND roll_seq = ?",
    );
    this.applicationInsert = prepare(
      "INSERT INTO outcome_applications (session_id, roll_seq, applied_at) VALUES (?, ?, ?)",
    );
  }

  getCampaign(id: string): Campaign | undefined {
    const row = this.campaignById.get(id);
    return row && campaignFromRow(row);
  }

  insertCampaign(campaign: Campaign): void {
    this.campaignInsert.run(campaign);
  }

  updateCampaign(campaign: Campaign): void {
    this.campaignUpdate.run(campaign);
  }

  listCampaigns(page: PageRequest): Page<Campaign> | undefined {
    return readPage(this.campaigns, [], page, campaignFromRow);
  }

  getParticipant(id: string): Participant | undefined {
    const row = this.participantById.get(id);
    return row && participantFromRow(row);
  }

  insertParticipant(participant: Participant): void {
    this.participantInsert.run(participant);
  }

  listParticipants(campaignId: string, page: PageRequest): Page<Participant> | undefined {
    return readPage(this.participants, [campaignId], page, participantFromRow);
  }

  getCharacter(id: string): Character | undefined {
    const row = this.characterById.get(id);
    return row && characterFromRow(row);
  }

  insertCharacter(character: Character): void {
    this.characterInsert.run(character);
  }

  updateCharacter(character: Character): void {
    this.characterUpdate.run(character);
  }

  listCharacters(campaignId: string, page: PageRequest): Page<Character> | undefined {
    return readPage(this.characters, [campaignId], page, characterFromRow);
  }

  getProfile(characterId: string): CharacterProfile | undefined {
    const row = this.profileById.get(characterId);
    return row && profileFromRow(row);
  }

  putProfile(profile: CharacterProfile): void {
    const { traits, ...rest } = profile;
    this.profilePut.run({ ...rest, traits_json: JSON.stringify(traits) });
  }

  getState(characterId: string): CharacterState | undefined {
    const row = this.stateById.get(characterId);
    return row && stateFromRow(row);
  }

  putState(state: CharacterState): void {
    this.statePut.run(state);
  }

  getSession(id: string): Session | undefined {
    const row = this.sessionById.get(id);
    return row && sessionFromRow(row);
  }

  findActiveSession(campaignId: string): Session | undefined {
    const row = this.activeSession.get(campaignId);
    return row && sessionFromRow(row);
  }

  insertSession(session: Session): void {
    this.sessionInsert.run({ ...session, ended_at: session.ended_at ?? null });
  }

  updateSession(session: Session): void {
    this.sessionUpdate.run({ ...session, ended_at: session.ended_at ?? null });
  }

  listSessions(campaignId: string, page: PageRequest): Page<Session> | undefined {
    return readPage(this.sessions, [campaignId], page, sessionFromRow);
  }

  logTail(sessionId: string): LogTail | undefined {
    return this.tail.get(sessionId);
  }

  appendEvent(event: SessionEvent): void {
    this.eventInsert.run({
      ...event,
      participant_id: event.participant_id ?? null,
      character_id: event.character_id ?? null,
    });
  }

  getEvent(sessionId: string, seq: number): SessionEvent | undefined {
    const row = this.eventBySeq.get(sessionId, seq);
    return row && eventFromRow(row);
  }

  listEvents(sessionId: string, page: EventPageRequest): Page<SessionEvent> | undefined {
    let rows: EventRow[];
    if (page.beforeSeq === undefined) {
      rows = this.eventsNewest.all(sessionId, page.limit + 1);
    } else {
      if (!this.eventBySeq.get(sessionId, page.beforeSeq)) return undefined;
      rows = this.eventsBefore.all(sessionId, page.beforeSeq, page.limit + 1);
    }
    return {
      items: rows.slice(0, page.limit).map(eventFromRow),
      hasMore: rows.length > page.limit,
    };
  }

  hasOutcomeApplication(sessionId: string, rollSeq: number): boolean {
    return this.applicationExists.get(sessionId, rollSeq) !== undefined;
  }

  recordOutcomeApplication(sessionId: string, rollSeq: number, appliedAt: string): void {
    this.applicationInsert.run(sessionId, rollSeq, appliedAt);
  }
}

import type postgres from "postgres";
import type {
  Campaign,
  Character,
  CharacterProfile,
  CharacterSheet,
  CharacterState,
  Participant,
  Session,
  SessionEvent,
} from "../../domain/records.js";
import type {
  CampaignRepository,
  EventPageRequest,
  LogTail,
  Page,
  PageRequest,
} from "../campaign-store.js";
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
} from "../rows.js";

/** The pool (reads) or one transaction (writes): both run tagged queries. */
export type Queries = postgres.ISql;

const EVENT_COLUMNS = [
  "session_id",
  "seq",
  "ts",
  "type",
  "request_id",
  "invocation_id",
  "participant_id",
  "character_id",
  "payload_json",
] as const;

/** A character row joined with its profile and state. */
type SheetRow = CharacterRow &
  Omit<ProfileRow, "character_id"> &
  Omit<CharacterState, "character_id">;

function toPage<Row, Item>(rows: readonly Row[], limit: number, toItem: (row: Row) => Item) {
  return { items: rows.slice(0, limit).map(toItem), hasMore: rows.length > limit };
}

/**
 * The storage port on PostgreSQL: one method, one statement (two for {@link lockSession}).
 * Each method sends its statement when called, so calls made together are pipelined on the
 * transaction's connection and run in call order, the lock first.
 */
export class PostgresCampaignRepository implements CampaignRepository {
  /** @param sql - the pool for reads, or the transaction of a write */
  constructor(private readonly sql: Queries) {}

  async getCampaign(id: string): Promise<Campaign | undefined> {
    const [row] = await this.sql<CampaignRow[]>`
      SELECT id, name, gm_mode, theme_prompt, participant_count, character_count, gm_fear,
        created_at, updated_at
      FROM campaigns WHERE id = ${id}`;
    return row && campaignFromRow(row);
  }

  async lockCampaign(id: string): Promise<Campaign | undefined> {
    const [row] = await this.sql<CampaignRow[]>`
      SELECT id, name, gm_mode, theme_prompt, participant_count, character_count, gm_fear,
        created_at, updated_at
      FROM campaigns WHERE id = ${id} FOR NO KEY UPDATE`;
    return row && campaignFromRow(row);
  }

  async insertCampaign(campaign: Campaign): Promise<void> {
    await this.sql`
      INSERT INTO campaigns (id, name, gm_mode, theme_prompt, participant_count, character_count,
        gm_fear, created_at, updated_at)
      VALUES (${campaign.id}, ${campaign.name}, ${campaign.gm_mode}, ${campaign.theme_prompt},
        ${campaign.participant_count}, ${campaign.character_count}, ${campaign.gm_fear},
        ${campaign.created_at}, ${campaign.updated_at})`;
  }

  async updateCampaign(campaign: Campaign): Promise<void> {
    await this.sql`
      UPDATE campaigns SET name = ${campaign.name}, gm_mode = ${campaign.gm_mode},
        theme_prompt = ${campaign.theme_prompt}, participant_count = ${campaign.participant_count},
        character_count = ${campaign.character_count}, gm_fear = ${campaign.gm_fear},
        updated_at = ${campaign.updated_at}
      WHERE id = ${campaign.id}`;
  }

  async listCampaigns(page: PageRequest): Promise<Page<Campaign> | undefined> {
    const after = page.afterId;
    const rows = await this.sql<CampaignRow[]>`
      SELECT id, name, gm_mode, theme_prompt, participant_count, character_count, gm_fear,
        created_at, updated_at
      FROM campaigns
      WHERE ${after === undefined ? this.sql`TRUE` : this.sql`position > (SELECT position FROM campaigns WHERE id = ${after})`}
      ORDER BY position LIMIT ${page.limit + 1}`;
    if (rows.length === 0 && after !== undefined && !(await this.getCampaign(after))) {
      return undefined;
    }
    return toPage(rows, page.limit, campaignFromRow);
  }

  async getParticipant(id: string): Promise<Participant | undefined> {
    const [row] = await this.sql<ParticipantRow[]>`
      SELECT id, campaign_id, display_name, role, controller, created_at, updated_at
      FROM participants WHERE id = ${id}`;
    return row && participantFromRow(row);
  }

  async insertParticipant(participant: Participant): Promise<void> {
    await this.sql`
      INSERT INTO participants (id, campaign_id, display_name, role, controller, created_at,
        updated_at)
      VALUES (${participant.id}, ${participant.campaign_id}, ${participant.display_name},
        ${participant.role}, ${participant.controller}, ${participant.created_at},
        ${participant.updated_at})`;
  }

  async listParticipants(
    campaignId: string,
    page: PageRequest,
  ): Promise<Page<Participant> | undefined> {
    const rows = await this.sql<ParticipantRow[]>`
      SELECT id, campaign_id, display_name, role, controller, created_at, updated_at
      FROM participants
      WHERE campaign_id = ${campaignId} AND ${this.after("participants", campaignId, page)}
      ORDER BY position LIMIT ${page.limit + 1}`;
    if (!(await this.cursorHolds(rows, "participants", campaignId, page))) return undefined;
    return toPage(rows, page.limit, participantFromRow);
  }

  async getCharacter(id: string): Promise<Character | undefined> {
    const [row] = await this.sql<CharacterRow[]>`
      SELECT id, campaign_id, name, kind, notes, controller, created_at, updated_at
      FROM characters WHERE id = ${id}`;
    return row && characterFromRow(row);
  }

  async insertCharacter(character: Character): Promise<void> {
    await this.sql`
      INSERT INTO characters (id, campaign_id, name, kind, notes, controller, created_at,
        updated_at)
      VALUES (${character.id}, ${character.campaign_id}, ${character.name}, ${character.kind},
        ${character.notes}, ${character.controller}, ${character.created_at},
        ${character.updated_at})`;
  }

  async updateCharacter(character: Character): Promise<void> {
    await this.sql`
      UPDATE characters SET name = ${character.name}, kind = ${character.kind},
        notes = ${character.notes}, controller = ${character.controller},
        updated_at = ${character.updated_at}
      WHERE id = ${character.id}`;
  }

  async listCharacters(
    campaignId: string,
    page: PageRequest,
  ): Promise<Page<Character> | undefined> {
    const rows = await this.sql<CharacterRow[]>`
      SELECT id, campaign_id, name, kind, notes, controller, created_at, updated_at
      FROM characters
      WHERE campaign_id = ${campaignId} AND ${this.after("characters", campaignId, page)}
      ORDER BY position LIMIT ${page.limit + 1}`;
    if (!(await this.cursorHolds(rows, "characters", campaignId, page))) return undefined;
    return toPage(rows, page.limit, characterFromRow);
  }

  async getSheet(characterId: string): Promise<CharacterSheet | undefined> {
    const [row] = await this.sql<SheetRow[]>`
      SELECT c.id, c.campaign_id, c.name, c.kind, c.notes, c.controller, c.created_at,
        c.updated_at, p.traits_json, p.hp_max, p.stress_max, p.evasion, p.major_threshold,
        p.severe_threshold, s.hope, s.stress, s.hp
      FROM characters c
        JOIN character_profiles p ON p.character_id = c.id
        JOIN character_states s ON s.character_id = c.id
      WHERE c.id = ${characterId}`;
    if (!row) return undefined;
    return {
      character: characterFromRow(row),
      profile: profileFromRow({ ...row, character_id: row.id }),
      state: stateFromRow({ ...row, character_id: row.id }),
    };
  }

  async putProfile(profile: CharacterProfile): Promise<void> {
    await this.sql`
      INSERT INTO character_profiles (character_id, traits_json, hp_max, stress_max, evasion,
        major_threshold, severe_threshold)
      VALUES (${profile.character_id}, ${JSON.stringify(profile.traits)}, ${profile.hp_max},
        ${profile.stress_max}, ${profile.evasion}, ${profile.major_threshold},
        ${profile.severe_threshold})
      ON CONFLICT (character_id) DO UPDATE SET traits_json = EXCLUDED.traits_json,
        hp_max = EXCLUDED.hp_max, stress_max = EXCLUDED.stress_max, evasion = EXCLUDED.evasion,
        major_threshold = EXCLUDED.major_threshold, severe_threshold = EXCLUDED.severe_threshold`;
  }

  async putState(state: CharacterState): Promise<void> {
    await this.sql`
      INSERT INTO character_states (character_id, hope, stress, hp)
      VALUES (${state.character_id}, ${state.hope}, ${state.stress}, ${state.hp})
      ON CONFLICT (character_id) DO UPDATE SET hope = EXCLUDED.hope, stress = EXCLUDED.stress,
        hp = EXCLUDED.hp`;
  }

  async getSession(id: string): Promise<Session | undefined> {
    const [row] = await this.sql<SessionRow[]>`
      SELECT id, campaign_id, name, status, started_at, updated_at, ended_at
      FROM sessions WHERE id = ${id}`;
    return row && sessionFromRow(row);
  }

  async lockSession(id: string): Promise<Session | undefined> {
    // The session is read by a second statement: one run after the lock was granted sees
    // what the previous holder committed, which a row of the locking statement would not.
    await this.sql`
      SELECT 1 FROM campaigns c JOIN sessions s ON s.campaign_id = c.id
      WHERE s.id = ${id} FOR NO KEY UPDATE OF c`;
    return this.getSession(id);
  }

  async findActiveSession(campaignId: string): Promise<Session | undefined> {
    const [row] = await this.sql<SessionRow[]>`
      SELECT id, campaign_id, name, status, started_at, updated_at, ended_at
      FROM sessions WHERE campaign_id = ${campaignId} AND status = 'ACTIVE'`;
    return row && sessionFromRow(row);
  }

  async insertSession(session: Session): Promise<void> {
    await this.sql`
      INSERT INTO sessions (id, campaign_id, name, status, started_at, updated_at, ended_at)
      VALUES (${session.id}, ${session.campaign_id}, ${session.name}, ${session.status},
        ${session.started_at}, ${session.updated_at}, ${session.ended_at ?? null})`;
  }

  async updateSession(session: Session): Promise<void> {
    await this.sql`
      UPDATE sessions SET name = ${session.name}, status = ${session.status},
        updated_at = ${session.updated_at}, ended_at = ${session.ended_at ?? null}
      WHERE id = ${session.id}`;
  }

  async listSessions(campaignId: string, page: PageRequest): Promise<Page<Session> | undefined> {
    const rows = await this.sql<SessionRow[]>`
      SELECT id, campaign_id, name, status, started_at, updated_at, ended_at
      FROM sessions
      WHERE campaign_id = ${campaignId} AND ${this.after("sessions", campaignId, page)}
      ORDER BY position LIMIT ${page.limit + 1}`;
    if (!(await this.cursorHolds(rows, "sessions", campaignId, page))) return undefined;
    return toPage(rows, page.limit, sessionFromRow);
  }

  async logTail(sessionId: string): Promise<LogTail | undefined> {
    const [row] = await this.sql<LogTail[]>`
      SELECT seq, ts FROM session_events WHERE session_id = ${sessionId}
      ORDER BY seq DESC LIMIT 1`;
    return row;
  }

  async appendEvents(events: readonly SessionEvent[]): Promise<void> {
    if (events.length === 0) return;
    const rows = events.map((event) => ({
      ...event,
      participant_id: event.participant_id ?? null,
      character_id: event.character_id ?? null,
    }));
    await this.sql`INSERT INTO session_events ${this.sql(rows, EVENT_COLUMNS)}`;
  }

  async getEvent(sessionId: string, seq: number): Promise<SessionEvent | undefined> {
    const [row] = await this.sql<EventRow[]>`
      SELECT session_id, seq, ts, type, request_id, invocation_id, participant_id, character_id,
        payload_json
      FROM session_events WHERE session_id = ${sessionId} AND seq = ${seq}`;
    return row && eventFromRow(row);
  }

  async listEvents(
    sessionId: string,
    page: EventPageRequest,
  ): Promise<Page<SessionEvent> | undefined> {
    const before = page.beforeSeq;
    const [cursor, rows] = await Promise.all([
      before === undefined ? undefined : this.getEvent(sessionId, before),
      this.sql<EventRow[]>`
        SELECT session_id, seq, ts, type, request_id, invocation_id, participant_id,
          character_id, payload_json
        FROM session_events
        WHERE session_id = ${sessionId}
          AND ${before === undefined ? this.sql`TRUE` : this.sql`seq < ${before}`}
        ORDER BY seq DESC LIMIT ${page.limit + 1}`,
    ]);
    if (before !== undefined && !cursor) return undefined;
    return toPage(rows, page.limit, eventFromRow);
  }

  async hasOutcomeApplication(sessionId: string, rollSeq: number): Promise<boolean> {
    const rows = await this.sql`
      SELECT 1 FROM outcome_applications WHERE session_id = ${sessionId} AND roll_seq = ${rollSeq}`;
    return rows.length > 0;
  }

  async recordOutcomeApplication(
    sessionId: string,
    rollSeq: number,
    appliedAt: string,
  ): Promise<void> {
    await this.sql`
      INSERT INTO outcome_applications (session_id, roll_seq, applied_at)
      VALUES (${sessionId}, ${rollSeq}, ${appliedAt})`;
  }

  /** The condition that starts a campaign's list after the cursor record. */
  private after(table: string, campaignId: string, page: PageRequest) {
    if (page.afterId === undefined) return this.sql`TRUE`;
    return this.sql`position > (
      SELECT position FROM ${this.sql(table)}
      WHERE campaign_id = ${campaignId} AND id = ${page.afterId})`;
  }

  /** Whether an empty page is empty because its cursor names no record of the list. */
  private async cursorHolds(
    rows: readonly unknown[],
    table: string,
    campaignId: string,
    page: PageRequest,
  ): Promise<boolean> {
    if (rows.length > 0 || page.afterId === undefined) return true;
    const found = await this.sql`
      SELECT 1 FROM ${this.sql(table)} WHERE campaign_id = ${campaignId} AND id = ${page.afterId}`;
    return found.length > 0;
  }
}

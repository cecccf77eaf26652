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
  profileFromRow,
  type SessionRow,
  type StateRow,
  sessionFromRow,
  stateFromRow,
  stateRow,
} from "../rows.js";
import type { LockTarget } from "./batch-keys.js";
import { combiningStatements } from "./combined-statements.js";
import {
  EVENTS_TABLE,
  insertEvents,
  LOOKUPS,
  STATEMENTS,
  WRITE_TABLES,
} from "./postgres-statements.js";
import type { Statements } from "./postgres-transaction.js";

/** A character row joined with its profile and state. */
type SheetRow = CharacterRow & Omit<ProfileRow, "character_id"> & Omit<StateRow, "character_id">;

type StatementName = keyof typeof STATEMENTS;
type ListName = "participants" | "characters" | "sessions" | "adversaries" | "countdowns";

function sheetFromRow(row: SheetRow): CharacterSheet {
  return {
    character: characterFromRow(row),
    profile: profileFromRow({ ...row, character_id: row.id }),
    state: stateFromRow({ ...row, character_id: row.id }),
  };
}

function toPage<Row, Item>(rows: readonly Row[], limit: number, toItem: (row: Row) => Item) {
  return { items: rows.slice(0, limit).map(toItem), hasMore: rows.length > limit };
}

/**
 * The storage port on PostgreSQL: one method, one prepared statement (two for a page after a
 * cursor that may name nothing, and for {@link lockCampaign} and {@link lockSession}). Calls
 * made together go out together on the transaction's connection (pipelined) and run there in
 * call order, so a read issued after a lock runs once the lock is granted; lookups by key made
 * together go out as one statement, and so do writes of different tables made together.
 */
export class PostgresCampaignRepository implements CampaignRepository {
  private readonly db: Statements;

  /** @param statements - the pool for reads, or a write's transaction */
  constructor(statements: Statements) {
    this.db = combiningStatements(statements);
  }

  async getCampaign(id: string): Promise<Campaign | undefined> {
    const [row] = await this.rows<CampaignRow>("campaignById", [id]);
    return row && campaignFromRow(row);
  }

  async lockCampaign(id: string): Promise<Campaign | undefined> {
    // Both go out together (the read with the lookups issued alongside); the connection runs
    // the read after the lock is granted.
    const [, campaign] = await Promise.all([
      this.lock({ campaignId: id }, "lockCampaign", [id]),
      this.getCampaign(id),
    ]);
    return campaign;
  }

  async insertCampaign(campaign: Campaign): Promise<void> {
    await this.send("insertCampaign", [
      campaign.id,
      campaign.name,
      campaign.gm_mode,
      campaign.theme_prompt,
      campaign.participant_count,
      campaign.character_count,
      campaign.gm_fear,
      campaign.created_at,
      campaign.updated_at,
    ]);
  }

  async updateCampaign(campaign: Campaign): Promise<void> {
    await this.send("updateCampaign", [
      campaign.id,
      campaign.name,
      campaign.gm_mode,
      campaign.theme_prompt,
      campaign.participant_count,
      campaign.character_count,
      campaign.gm_fear,
      campaign.updated_at,
    ]);
  }

  async listCampaigns(page: CampaignPageRequest): Promise<Page<Campaign> | undefined> {
    if (page.visibleTo !== undefined) return this.listVisibleCampaigns(page.visibleTo, page);
    const after = page.afterId;
    if (after === undefined) {
      const rows = await this.rows<CampaignRow>("campaignsFirst", [page.limit + 1]);
      return toPage(rows, page.limit, campaignFromRow);
    }
    const [rows, cursor] = await Promise.all([
      this.rows<CampaignRow>("campaignsAfter", [after, page.limit + 1]),
      this.getCampaign(after),
    ]);
    return cursor ? toPage(rows, page.limit, campaignFromRow) : undefined;
  }

  async getOwner(campaignId: string): Promise<string | undefined> {
    const [row] = await this.rows<{ owner: string }>("ownerOf", [campaignId]);
    return row?.owner;
  }

  async recordOwner(campaignId: string, owner: string): Promise<void> {
    await this.send("recordOwner", [campaignId, owner]);
  }

  async getParticipant(id: string): Promise<Participant | undefined> {
    const [row] = await this.rows<ParticipantRow>("participantById", [id]);
    return row && participantFromRow(row);
  }

  async insertParticipant(participant: Participant): Promise<void> {
    await this.send("insertParticipant", [
      participant.id,
      participant.campaign_id,
      participant.display_name,
      participant.role,
      participant.controller,
      participant.user,
      participant.created_at,
      participant.updated_at,
    ]);
  }

  async updateParticipant(participant: Participant): Promise<void> {
    await this.send("updateParticipant", [
      participant.id,
      participant.display_name,
      participant.role,
      participant.controller,
      participant.user,
      participant.updated_at,
    ]);
  }

  async findSeat(campaignId: string, subject: string): Promise<Participant | undefined> {
    const [row] = await this.rows<ParticipantRow>("seat", [campaignId, subject]);
    return row && participantFromRow(row);
  }

  async getInvite(participantId: string): Promise<SeatInvite | undefined> {
    const [row] = await this.rows<SeatInvite>("inviteOf", [participantId]);
    return row;
  }

  async putInvite(invite: SeatInvite): Promise<void> {
    await this.send("putInvite", [
      invite.participant_id,
      invite.campaign_id,
      invite.code_sha256,
      invite.created_by,
      invite.created_at,
      invite.expires_at,
      invite.used_by,
      invite.used_at,
    ]);
  }

  async listParticipants(
    campaignId: string,
    page: PageRequest,
  ): Promise<Page<Participant> | undefined> {
    const rows = await this.listPage<ParticipantRow>("participants", campaignId, page);
    return rows && toPage(rows, page.limit, participantFromRow);
  }

  async getAdversary(id: string): Promise<Adversary | undefined> {
    const [row] = await this.rows<AdversaryRow>("adversaryById", [id]);
    return row && adversaryFromRow(row);
  }

  async insertAdversary(adversary: Adversary): Promise<void> {
    const row = adversaryRow(adversary);
    await this.send("insertAdversary", [
      row.id,
      row.campaign_id,
      row.name,
      row.block_json,
      row.created_at,
      row.updated_at,
    ]);
  }

  async updateAdversary(adversary: Adversary): Promise<void> {
    const row = adversaryRow(adversary);
    await this.send("updateAdversary", [row.id, row.name, row.block_json, row.updated_at]);
  }

  async listAdversaries(
    campaignId: string,
    page: PageRequest,
  ): Promise<Page<Adversary> | undefined> {
    const rows = await this.listPage<AdversaryRow>("adversaries", campaignId, page);
    return rows && toPage(rows, page.limit, adversaryFromRow);
  }

  async getCountdown(id: string): Promise<Countdown | undefined> {
    const [row] = await this.rows<CountdownRow>("countdownById", [id]);
    return row && countdownFromRow(row);
  }

  async insertCountdown(countdown: Countdown): Promise<void> {
    const row = countdownRow(countdown);
    await this.send("insertCountdown", [
      row.id,
      row.campaign_id,
      row.encounter_id,
      row.name,
      row.kind,
      row.start,
      row.value,
      row.state,
      row.visible_to_players === 1,
      row.dynamic_json,
      row.triggered,
      row.deleted === 1,
      row.created_at,
      row.updated_at,
    ]);
  }

  async updateCountdown(countdown: Countdown): Promise<void> {
    const row = countdownRow(countdown);
    await this.send("updateCountdown", [
      row.id,
      row.value,
      row.state,
      row.triggered,
      row.deleted === 1,
      row.updated_at,
    ]);
  }

  async listCountdowns(
    campaignId: string,
    page: PageRequest,
  ): Promise<Page<Countdown> | undefined> {
    const rows = await this.listPage<CountdownRow>("countdowns", campaignId, page);
    return rows && toPage(rows, page.limit, countdownFromRow);
  }

  async getEncounter(id: string): Promise<Encounter | undefined> {
    const [row] = await this.rows<EncounterRow>("encounterById", [id]);
    return row && encounterFromRow(row);
  }

  async findActiveEncounter(sessionId: string): Promise<Encounter | undefined> {
    const [row] = await this.rows<EncounterRow>("activeEncounter", [sessionId]);
    return row && encounterFromRow(row);
  }

  async insertEncounter(encounter: Encounter): Promise<void> {
    const row = encounterRow(encounter);
    await this.send("insertEncounter", [
      row.id,
      row.campaign_id,
      row.session_id,
      row.name,
      row.state,
      row.difficulty,
      row.adjustments_json,
      row.party_json,
      row.outcome,
      row.started_at,
      row.updated_at,
      row.ended_at,
    ]);
  }

  async updateEncounter(encounter: Encounter): Promise<void> {
    const row = encounterRow(encounter);
    await this.send("updateEncounter", [
      row.id,
      row.name,
      row.state,
      row.difficulty,
      row.adjustments_json,
      row.party_json,
      row.outcome,
      row.updated_at,
      row.ended_at,
    ]);
  }

  async getInstance(id: string): Promise<EncounterInstance | undefined> {
    const [row] = await this.rows<InstanceRow>("instanceById", [id]);
    return row && instanceFromRow(row);
  }

  async listInstances(encounterId: string): Promise<EncounterInstance[]> {
    const rows = await this.rows<InstanceRow>("instancesOf", [encounterId]);
    return rows.map(instanceFromRow);
  }

  async insertInstances(instances: readonly EncounterInstance[]): Promise<void> {
    await Promise.all(
      instances.map((instance) => {
        const row = instanceRow(instance);
        return this.send("insertInstance", [
          row.id,
          row.encounter_id,
          row.adversary_id,
          row.number,
          row.name,
          row.defeated === 1,
          row.hp_marked,
          row.stress_marked,
          row.conditions_json,
          row.removed === 1,
        ]);
      }),
    );
  }

  async updateInstance(instance: EncounterInstance): Promise<void> {
    const row = instanceRow(instance);
    await this.send("updateInstance", [
      row.id,
      row.defeated === 1,
      row.hp_marked,
      row.stress_marked,
      row.conditions_json,
      row.removed === 1,
    ]);
  }

  async getCharacter(id: string): Promise<Character | undefined> {
    const [row] = await this.rows<CharacterRow>("characterById", [id]);
    return row && characterFromRow(row);
  }

  async insertCharacter(character: Character): Promise<void> {
    await this.send("insertCharacter", [
      character.id,
      character.campaign_id,
      character.name,
      character.kind,
      character.notes,
      character.notes_gm_only === true,
      character.controller,
      character.created_at,
      character.updated_at,
    ]);
  }

  async updateCharacter(character: Character): Promise<void> {
    await this.send("updateCharacter", [
      character.id,
      character.name,
      character.kind,
      character.notes,
      character.notes_gm_only === true,
      character.controller,
      character.updated_at,
    ]);
  }

  async listCharacters(
    campaignId: string,
    page: PageRequest,
  ): Promise<Page<Character> | undefined> {
    const rows = await this.listPage<CharacterRow>("characters", campaignId, page);
    return rows && toPage(rows, page.limit, characterFromRow);
  }

  async getSheet(characterId: string): Promise<CharacterSheet | undefined> {
    const [row] = await this.rows<SheetRow>("sheet", [characterId]);
    return row && sheetFromRow(row);
  }

  async getEventSheet(sessionId: string, seq: number): Promise<CharacterSheet | undefined> {
    const [row] = await this.rows<SheetRow>("eventSheet", [sessionId, seq]);
    return row && sheetFromRow(row);
  }

  async putProfile(profile: CharacterProfile): Promise<void> {
    await this.send("putProfile", [
      profile.character_id,
      JSON.stringify(profile.traits),
      profile.hp_max,
      profile.stress_max,
      profile.evasion,
      profile.major_threshold,
      profile.severe_threshold,
    ]);
  }

  async putState(state: CharacterState): Promise<void> {
    const row = stateRow(state);
    await this.send("putState", [
      row.character_id,
      row.hope,
      row.stress,
      row.hp,
      row.conditions_json,
    ]);
  }

  async getSessionCampaign(sessionId: string): Promise<Campaign | undefined> {
    const [row] = await this.rows<CampaignRow>("sessionCampaign", [sessionId]);
    return row && campaignFromRow(row);
  }

  async getSessionOwner(sessionId: string): Promise<string | undefined> {
    const [row] = await this.rows<{ owner: string }>("sessionOwner", [sessionId]);
    return row?.owner;
  }

  async findSessionSeat(sessionId: string, subject: string): Promise<Participant | undefined> {
    const [row] = await this.rows<ParticipantRow>("sessionSeat", [sessionId, subject]);
    return row && participantFromRow(row);
  }

  async getSession(id: string): Promise<Session | undefined> {
    const [row] = await this.rows<SessionRow>("sessionById", [id]);
    return row && sessionFromRow(row);
  }

  async lockSession(id: string): Promise<Session | undefined> {
    // Both go out together; the connection runs the read after the lock is granted.
    const [, session] = await Promise.all([
      this.lock({ sessionId: id }, "lockSessionCampaign", [id]),
      this.getSession(id),
    ]);
    return session;
  }

  async findActiveSession(campaignId: string): Promise<Session | undefined> {
    const [row] = await this.rows<SessionRow>("activeSession", [campaignId]);
    return row && sessionFromRow(row);
  }

  async insertSession(session: Session): Promise<void> {
    await this.send("insertSession", [
      session.id,
      session.campaign_id,
      session.name,
      session.status,
      session.started_at,
      session.updated_at,
      session.ended_at ?? null,
    ]);
  }

  async updateSession(session: Session): Promise<void> {
    await this.send("updateSession", [
      session.id,
      session.name,
      session.status,
      session.updated_at,
      session.ended_at ?? null,
    ]);
  }

  async listSessions(campaignId: string, page: PageRequest): Promise<Page<Session> | undefined> {
    const rows = await this.listPage<SessionRow>("sessions", campaignId, page);
    return rows && toPage(rows, page.limit, sessionFromRow);
  }

  async logTail(sessionId: string): Promise<LogTail | undefined> {
    const [row] = await this.rows<LogTail>("logTail", [sessionId]);
    return row;
  }

  async appendEvents(events: readonly SessionEvent[]): Promise<void> {
    if (events.length === 0) return;
    const values = events.flatMap((event) => [
      event.session_id,
      event.seq,
      event.ts,
      event.type,
      event.gm_only === true,
      event.request_id,
      event.invocation_id,
      event.participant_id ?? null,
      event.actor,
      event.character_id ?? null,
      event.payload_json,
    ]);
    const text = insertEvents(events.length);
    await this.db.send({ name: `insertEvents${events.length}`, text, values, table: EVENTS_TABLE });
  }

  async getEvent(sessionId: string, seq: number): Promise<SessionEvent | undefined> {
    const [row] = await this.rows<EventRow>("eventBySeq", [sessionId, seq]);
    return row && eventFromRow(row);
  }

  async listEvents(
    sessionId: string,
    page: EventPageRequest,
  ): Promise<Page<SessionEvent> | undefined> {
    const before = page.beforeSeq;
    const gmOnly = page.includeGmOnly === true;
    if (before === undefined) {
      const rows = await this.rows<EventRow>("eventsNewest", [sessionId, gmOnly, page.limit + 1]);
      return toPage(rows, page.limit, eventFromRow);
    }
    const [rows, cursor] = await Promise.all([
      this.rows<EventRow>("eventsBefore", [sessionId, gmOnly, before, page.limit + 1]),
      this.rows("listedEventBySeq", [sessionId, gmOnly, before]),
    ]);
    return cursor.length > 0 ? toPage(rows, page.limit, eventFromRow) : undefined;
  }

  async searchEvents(
    campaignId: string,
    search: EventSearchRequest,
  ): Promise<Page<SessionEvent> | undefined> {
    const gmOnly = search.includeGmOnly === true;
    const values = [
      campaignId,
      search.words.join(" "),
      search.sessionId ?? null,
      gmOnly,
      search.types ?? null,
      search.limit + 1,
    ];
    const before = search.before;
    if (before === undefined) {
      const rows = await this.plannedRows<EventRow>("searchNewest", values);
      return toPage(rows, search.limit, eventFromRow);
    }
    const [rows, cursor] = await Promise.all([
      this.plannedRows<EventRow>("searchBefore", [...values, before.sessionId, before.seq]),
      this.rows("searchCursor", [campaignId, gmOnly, before.sessionId, before.seq]),
    ]);
    return cursor.length > 0 ? toPage(rows, search.limit, eventFromRow) : undefined;
  }

  async hasOutcomeApplication(sessionId: string, rollSeq: number): Promise<boolean> {
    const rows = await this.rows("outcomeApplied", [sessionId, rollSeq]);
    return rows.length > 0;
  }

  async recordOutcomeApplication(
    sessionId: string,
    rollSeq: number,
    appliedAt: string,
  ): Promise<void> {
    await this.send("recordOutcome", [sessionId, rollSeq, appliedAt]);
  }

  async putMcpSession(row: McpSessionRow): Promise<void> {
    const { id, subject, initialize, context, subscriptions, last_seen } = row;
    await this.send("putMcpSession", [id, subject, initialize, context, subscriptions, last_seen]);
  }

  async resumeMcpSession(
    id: string,
    seenAt: string,
    notBefore: string,
  ): Promise<McpSessionRow | undefined> {
    return (await this.rows<McpSessionRow>("resumeMcpSession", [id, seenAt, notBefore]))[0];
  }

  async saveMcpSessionState(id: string, context: string, subscriptions: string): Promise<void> {
    await this.send("saveMcpSessionState", [id, context, subscriptions]);
  }

  async deleteMcpSession(id: string): Promise<void> {
    await this.send("deleteMcpSession", [id]);
  }

  async expireMcpSessions(before: string): Promise<void> {
    await this.send("expireMcpSessions", [before]);
  }

  async putContextHandle(row: ContextHandleRow): Promise<string> {
    const { id, subject, context, last_used } = row;
    const kept = await this.rows<{ id: string }>("putContextHandle", [
      id,
      subject,
      context,
      last_used,
    ]);
    const keptId = kept[0]?.id;
    if (keptId === undefined) throw new Error("context handle upsert returned no row");
    return keptId;
  }

  async getContextHandle(id: string): Promise<ContextHandleRow | undefined> {
    return (await this.rows<ContextHandleRow>("contextHandleById", [id]))[0];
  }

  async findContextHandle(subject: string, context: string): Promise<ContextHandleRow | undefined> {
    return (await this.rows<ContextHandleRow>("contextHandleByContext", [subject, context]))[0];
  }

  async touchContextHandle(id: string, usedAt: string): Promise<void> {
    await this.send("touchContextHandle", [id, usedAt]);
  }

  async trimContextHandles(subject: string, keep: number): Promise<void> {
    await this.send("trimContextHandles", [subject, keep]);
  }

  async expireContextHandles(before: string, limit: number): Promise<void> {
    await this.send("expireContextHandles", [before, limit]);
  }

  private lock(
    target: LockTarget,
    name: "lockCampaign" | "lockSessionCampaign",
    values: unknown[],
  ) {
    return this.db.lock(target, { name, text: STATEMENTS[name], values });
  }

  private send(name: Exclude<StatementName, ListName>, values: unknown[]): Promise<void> {
    return this.db.send({ name, text: STATEMENTS[name], values, table: WRITE_TABLES.get(name) });
  }

  private async rows<Row extends object>(
    name: Exclude<StatementName, ListName>,
    values: unknown[],
  ): Promise<Row[]> {
    const statement = { name, text: STATEMENTS[name], values, lookup: LOOKUPS.has(name) };
    return (await this.db.query<Row & Record<string, unknown>>(statement)).rows;
  }

  /**
   * Rows of a statement planned for its values each time it runs, never prepared: how best to
   * find a search's words depends on how many events hold them (docs/campaign.md §10.8), which a
   * prepared statement's generic plan cannot know.
   */
  private async plannedRows<Row extends object>(
    name: "searchNewest" | "searchBefore",
    values: unknown[],
  ): Promise<Row[]> {
    return (await this.db.query<Row & Record<string, unknown>>({ text: STATEMENTS[name], values }))
      .rows;
  }

  /** A page of the campaigns a subject may see; `undefined` when the cursor names none of them. */
  private async listVisibleCampaigns(
    subject: string,
    page: PageRequest,
  ): Promise<Page<Campaign> | undefined> {
    const after = page.afterId;
    if (after === undefined) {
      const rows = await this.rows<CampaignRow>("visibleCampaignsFirst", [subject, page.limit + 1]);
      return toPage(rows, page.limit, campaignFromRow);
    }
    const [rows, cursor] = await Promise.all([
      this.rows<CampaignRow>("visibleCampaignsAfter", [subject, after, page.limit + 1]),
      this.rows("visibleCampaign", [subject, after]),
    ]);
    return cursor.length > 0 ? toPage(rows, page.limit, campaignFromRow) : undefined;
  }

  /** A page of a campaign's list, or `undefined` when the cursor names none of its records. */
  private async listPage<Row extends object>(
    list: ListName,
    campaignId: string,
    page: PageRequest,
  ): Promise<Row[] | undefined> {
    const statements = STATEMENTS[list];
    const run = (suffix: keyof typeof statements, values: unknown[]) =>
      this.db.query<Row & Record<string, unknown>>({
        name: `${list}.${suffix}`,
        text: statements[suffix],
        values,
      });
    if (page.afterId === undefined) {
      return (await run("first", [campaignId, page.limit + 1])).rows;
    }
    const [rows, cursor] = await Promise.all([
      run("after", [campaignId, page.afterId, page.limit + 1]),
      run("cursor", [campaignId, page.afterId]),
    ]);
    return cursor.rows.length > 0 ? rows.rows : undefined;
  }
}

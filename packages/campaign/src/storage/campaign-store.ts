import type { Adversary } from "../domain/adversaries.js";
import type { Countdown } from "../domain/countdowns.js";
import type { Encounter, EncounterInstance } from "../domain/encounters.js";
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
  SessionEventType,
} from "../domain/records.js";
import type { SearchPosition } from "../domain/search-cursor.js";
import type { ContextHandleRow, McpSessionRow } from "./rows.js";

/** One page of a list, oldest first, and whether more follow. */
export interface Page<Item> {
  items: Item[];
  hasMore: boolean;
}

/** Where a page of a creation-ordered list starts: after the record with this id. */
export interface PageRequest {
  afterId?: string | undefined;
  limit: number;
}

/** A page of campaigns, optionally only those a subject owns or holds a seat in. */
export interface CampaignPageRequest extends PageRequest {
  /** Only the campaigns where this subject is GM or player; every campaign when absent. */
  visibleTo?: string | undefined;
}

/** Where a page of events starts: below this seq, newest first. */
export interface EventPageRequest {
  beforeSeq?: number | undefined;
  limit: number;
  /** Whether GM-only notes are listed (and may be the cursor); they are left out by default. */
  includeGmOnly?: boolean | undefined;
}

/**
 * A full-text search of one campaign's logs (docs/campaign.md §4.20): the events whose text
 * holds every word, newest first (the order they were logged in).
 */
export interface EventSearchRequest {
  /** The words, each a run of letters, digits and marks (see `searchWords`); at least one. */
  words: readonly string[];
  /** Only this session's events; every session of the campaign when absent. */
  sessionId?: string | undefined;
  /** Only events of these types; every type when absent. */
  types?: readonly SessionEventType[] | undefined;
  /** Only events logged before this one (the previous page's last); the newest when absent. */
  before?: SearchPosition | undefined;
  /** Whether GM-only notes are found (and may be the cursor); they are left out by default. */
  includeGmOnly?: boolean | undefined;
  limit: number;
}

/** The last event of a session's log. */
export interface LogTail {
  seq: number;
  ts: string;
}

/**
 * Reads and writes of campaign records inside one transaction. Lookups resolve to `undefined`
 * for absent records; list methods resolve to `undefined` when `afterId` names no record of the
 * list. Calls may be issued together (e.g. with `Promise.all`): a store runs them in the order
 * they were made, which lets PostgreSQL pipeline them.
 *
 * Writes inside a campaign are serialised by its write lock: a write that reads a campaign's
 * records in order to change them takes the lock first, with {@link lockCampaign} or
 * {@link lockSession}, and everything it reads afterwards is current until it commits. On
 * SQLite the write transaction already holds the whole database.
 */
export interface CampaignRepository {
  getCampaign(id: string): Promise<Campaign | undefined>;
  /** The campaign, read after taking its write lock, which holds until the transaction ends. */
  lockCampaign(id: string): Promise<Campaign | undefined>;
  insertCampaign(campaign: Campaign): Promise<void>;
  updateCampaign(campaign: Campaign): Promise<void>;
  listCampaigns(page: CampaignPageRequest): Promise<Page<Campaign> | undefined>;
  /** Who created the campaign; `undefined` for a campaign without an owner. */
  getOwner(campaignId: string): Promise<string | undefined>;
  recordOwner(campaignId: string, owner: string): Promise<void>;

  getParticipant(id: string): Promise<Participant | undefined>;
  insertParticipant(participant: Participant): Promise<void>;
  updateParticipant(participant: Participant): Promise<void>;
  /** The participant of the campaign linked to the subject (there is at most one). */
  findSeat(campaignId: string, subject: string): Promise<Participant | undefined>;
  getInvite(participantId: string): Promise<SeatInvite | undefined>;
  /** Stores a seat's invite, replacing the seat's earlier one. */
  putInvite(invite: SeatInvite): Promise<void>;
  listParticipants(campaignId: string, page: PageRequest): Promise<Page<Participant> | undefined>;

  getCharacter(id: string): Promise<Character | undefined>;
  insertCharacter(character: Character): Promise<void>;
  updateCharacter(character: Character): Promise<void>;
  listCharacters(campaignId: string, page: PageRequest): Promise<Page<Character> | undefined>;
  /** The character with its profile and state. */
  getSheet(characterId: string): Promise<CharacterSheet | undefined>;
  putProfile(profile: CharacterProfile): Promise<void>;
  putState(state: CharacterState): Promise<void>;

  getAdversary(id: string): Promise<Adversary | undefined>;
  insertAdversary(adversary: Adversary): Promise<void>;
  updateAdversary(adversary: Adversary): Promise<void>;
  listAdversaries(campaignId: string, page: PageRequest): Promise<Page<Adversary> | undefined>;

  getEncounter(id: string): Promise<Encounter | undefined>;
  /** The session's one active encounter, if it has one. */
  findActiveEncounter(sessionId: string): Promise<Encounter | undefined>;
  insertEncounter(encounter: Encounter): Promise<void>;
  updateEncounter(encounter: Encounter): Promise<void>;
  getInstance(id: string): Promise<EncounterInstance | undefined>;
  /** Every instance of an encounter, removed ones too, in the order they were added. */
  listInstances(encounterId: string): Promise<EncounterInstance[]>;
  insertInstances(instances: readonly EncounterInstance[]): Promise<void>;
  updateInstance(instance: EncounterInstance): Promise<void>;

  getCountdown(id: string): Promise<Countdown | undefined>;
  insertCountdown(countdown: Countdown): Promise<void>;
  updateCountdown(countdown: Countdown): Promise<void>;
  /** A campaign's countdowns, deleted ones too, oldest first. */
  listCountdowns(campaignId: string, page: PageRequest): Promise<Page<Countdown> | undefined>;

  getSession(id: string): Promise<Session | undefined>;
  /** The session, read after taking its campaign's write lock (see {@link lockCampaign}). */
  lockSession(id: string): Promise<Session | undefined>;
  findActiveSession(campaignId: string): Promise<Session | undefined>;
  insertSession(session: Session): Promise<void>;
  updateSession(session: Session): Promise<void>;
  listSessions(campaignId: string, page: PageRequest): Promise<Page<Session> | undefined>;

  /** The campaign a session belongs to, looked up by the session: one lookup instead of two. */
  getSessionCampaign(sessionId: string): Promise<Campaign | undefined>;
  /** Who created the campaign a session belongs to (see {@link getOwner}). */
  getSessionOwner(sessionId: string): Promise<string | undefined>;
  /** The seat of a session's campaign linked to the subject (see {@link findSeat}). */
  findSessionSeat(sessionId: string, subject: string): Promise<Participant | undefined>;
  /** The sheet of the character an event names; `undefined` when it names none. */
  getEventSheet(sessionId: string, seq: number): Promise<CharacterSheet | undefined>;

  logTail(sessionId: string): Promise<LogTail | undefined>;
  /** Appends events, in order, to their sessions' logs. */
  appendEvents(events: readonly SessionEvent[]): Promise<void>;
  getEvent(sessionId: string, seq: number): Promise<SessionEvent | undefined>;
  /** Newest first; `undefined` when `beforeSeq` names no event of the session that is listed. */
  listEvents(sessionId: string, page: EventPageRequest): Promise<Page<SessionEvent> | undefined>;
  /**
   * A page of a campaign's events found by their words; `undefined` when `before` names no
   * event of the campaign that the search may find (another campaign's, or a GM-only note when
   * those are left out).
   */
  searchEvents(
    campaignId: string,
    search: EventSearchRequest,
  ): Promise<Page<SessionEvent> | undefined>;

  hasOutcomeApplication(sessionId: string, rollSeq: number): Promise<boolean>;
  recordOutcomeApplication(sessionId: string, rollSeq: number, appliedAt: string): Promise<void>;

  /** Keeps a newly opened MCP session (docs/campaign.md §10.5). */
  putMcpSession(row: McpSessionRow): Promise<void>;
  /** Marks a kept MCP session used at `seenAt` and returns it; none if unused since `notBefore`. */
  resumeMcpSession(
    id: string,
    seenAt: string,
    notBefore: string,
  ): Promise<McpSessionRow | undefined>;
  /** Replaces a kept MCP session's campaign context and subscriptions (both JSON). */
  saveMcpSessionState(id: string, context: string, subscriptions: string): Promise<void>;
  deleteMcpSession(id: string): Promise<void>;
  /** Forgets the kept MCP sessions unused since `before`. */
  expireMcpSessions(before: string): Promise<void>;

  /**
   * Keeps a context handle (docs/campaign.md §10.6); when the subject already has one for the
   * same context, marks that one used at `row.last_used` instead.
   *
   * @returns the id of the handle kept for the subject's context
   */
  putContextHandle(row: ContextHandleRow): Promise<string>;
  getContextHandle(id: string): Promise<ContextHandleRow | undefined>;
  /** The subject's handle of a context (JSON as {@link putContextHandle} keeps it), if any. */
  findContextHandle(subject: string, context: string): Promise<ContextHandleRow | undefined>;
  touchContextHandle(id: string, usedAt: string): Promise<void>;
  /** Forgets all but the subject's `keep` most recently used handles. */
  trimContextHandles(subject: string, keep: number): Promise<void>;
  /** Forgets at most `limit` handles unused since `before`. */
  expireContextHandles(before: string, limit: number): Promise<void>;
}

/** Who may hear of a write's changes: the GM and players of its campaign, or its GM alone. */
export interface ChangeAudience {
  campaign_id: string;
  gm_only: boolean;
}

/**
 * What a write returns: its value, the resource URIs (without query) whose content it changed
 * and who may hear of them. The store publishes the URIs and audience inside the write's own
 * transaction, so that other processes sharing the database learn of exactly the changes that
 * were committed.
 * Without an audience, who may hear is worked out from each URI.
 */
export interface Written<Value> {
  value: Value;
  changedUris: string[];
  audience?: ChangeAudience | undefined;
}

/**
 * A change committed by another process sharing the database: the URIs it changed and their
 * audience, or `missed` when changes may have gone unseen (so every subscribed URI may be stale).
 */
export type ExternalChange =
  | { kind: "changed"; uris: readonly string[]; audience?: ChangeAudience | undefined }
  | { kind: "missed" };

/**
 * The storage port, implemented on SQLite and on PostgreSQL. Every tool call's reads and writes
 * run as one transaction that is rolled back whole when the work throws.
 */
export interface CampaignStore {
  /**
   * Runs `work` as one transaction and publishes the URIs it changed. Resolves once the
   * transaction is durably committed; rejects, having changed nothing, when `work` throws or the
   * commit fails.
   */
  write<Value>(
    work: (repository: CampaignRepository) => Promise<Written<Value>>,
  ): Promise<Written<Value>>;
  /** Runs reads that see every write acknowledged before they started; resolves once what they saw is durable. */
  read<Result>(work: (repository: CampaignRepository) => Promise<Result>): Promise<Result>;
  /**
   * Calls `listener` for every change another process commits to the same database, until the
   * returned function is called or the store closes.
   */
  watchExternalChanges(listener: (change: ExternalChange) => void): () => void;
  /** Lets pending writes commit, stops watching, then closes the database. */
  close(): Promise<void>;
}

import type {
  Campaign,
  Character,
  CharacterProfile,
  CharacterState,
  Participant,
  Session,
  SessionEvent,
} from "../domain/records.js";

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

/** Where a page of events starts: below this seq, newest first. */
export interface EventPageRequest {
  beforeSeq?: number | undefined;
  limit: number;
}

/** The last event of a session's log. */
export interface LogTail {
  seq: number;
  ts: string;
}

/**
 * Reads and writes of campaign records inside one transaction. Lookups return `undefined` for
 * absent records; list methods return `undefined` when `afterId` names no record of the list.
 */
export interface CampaignRepository {
  getCampaign(id: string): Campaign | undefined;
  insertCampaign(campaign: Campaign): void;
  updateCampaign(campaign: Campaign): void;
  listCampaigns(page: PageRequest): Page<Campaign> | undefined;

  getParticipant(id: string): Participant | undefined;
  insertParticipant(participant: Participant): void;
  listParticipants(campaignId: string, page: PageRequest): Page<Participant> | undefined;

  getCharacter(id: string): Character | undefined;
  insertCharacter(character: Character): void;
  updateCharacter(character: Character): void;
  listCharacters(campaignId: string, page: PageRequest): Page<Character> | undefined;
  getProfile(characterId: string): CharacterProfile | undefined;
  putProfile(profile: CharacterProfile): void;
  getState(characterId: string): CharacterState | undefined;
  putState(state: CharacterState): void;

  getSession(id: string): Session | undefined;
  findActiveSession(campaignId: string): Session | undefined;
  insertSession(session: Session): void;
  updateSession(session: Session): void;
  listSessions(campaignId: string, page: PageRequest): Page<Session> | undefined;

  logTail(sessionId: string): LogTail | undefined;
  appendEvent(event: SessionEvent): void;
  getEvent(sessionId: string, seq: number): SessionEvent | undefined;
  /** Newest first; `undefined` when `beforeSeq` names no event of the session. */
  listEvents(sessionId: string, page: EventPageRequest): Page<SessionEvent> | undefined;

  hasOutcomeApplication(sessionId: string, rollSeq: number): boolean;
  recordOutcomeApplication(sessionId: string, rollSeq: number, appliedAt: string): void;
}

/**
 * What a write returns: its value and the resource URIs (without query) whose content it
 * changed. The store records the URIs in the same transaction, so that other processes sharing
 * the database learn of exactly the changes that were committed.
 */
export interface Written<Value> {
  value: Value;
  changedUris: string[];
}

/**
 * A change committed by another process sharing the database: the URIs it changed, or
 * `missed` when changes may have gone unseen (so every subscribed URI may be stale).
 */
export type ExternalChange = { kind: "changed"; uris: readonly string[] } | { kind: "missed" };

/**
 * The storage port. Every tool call's reads and writes run as one atomic unit that is rolled
 * back whole when the work throws; calls that arrive together are committed together (group
 * commit), so a caller must await {@link CampaignStore.flush} before acknowledging anything.
 */
export interface CampaignStore {
  /**
   * Runs `work` as one atomic unit of the current write batch and records the URIs it changed;
   * undoes it whole if it throws.
   */
  write<Value>(work: (repository: CampaignRepository) => Written<Value>): Written<Value>;
  /** Runs `work` against one consistent view, which includes the current batch's writes. */
  read<Result>(work: (repository: CampaignRepository) => Result): Result;
  /** Resolves once every write made so far is committed to disk; rejects if the commit failed. */
  flush(): Promise<void>;
  /**
   * Calls `listener` for every change another process commits to the same database, until the
   * returned function is called or the store closes.
   */
  watchExternalChanges(listener: (change: ExternalChange) => void): () => void;
  /** Commits what is pending, stops watching, then closes the database. */
  close(): void;
}

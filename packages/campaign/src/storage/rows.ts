import type { Adversary, StatBlock } from "../domain/adversaries.js";
import type { Countdown, CountdownKind, DynamicTicks } from "../domain/countdowns.js";
import type {
  BudgetAdjustment,
  Condition,
  Encounter,
  EncounterDifficulty,
  EncounterInstance,
  EncounterState,
} from "../domain/encounters.js";
import type {
  Campaign,
  Character,
  CharacterKind,
  CharacterProfile,
  CharacterState,
  GmMode,
  Participant,
  ParticipantController,
  ParticipantRole,
  Session,
  SessionEvent,
  SessionEventType,
  SessionStatus,
  Traits,
} from "../domain/records.js";

/** A `characters` row: the record's columns as stored. */
export interface CharacterRow {
  id: string;
  campaign_id: string;
  name: string;
  kind: string;
  notes: string;
  /** 0 or 1 on SQLite, a boolean on PostgreSQL. */
  notes_gm_only: number | boolean;
  controller: string | null;
  created_at: string;
  updated_at: string;
}

/** A `character_profiles` row. */
export interface ProfileRow {
  character_id: string;
  traits_json: string;
  hp_max: number;
  stress_max: number;
  evasion: number;
  major_threshold: number;
  severe_threshold: number;
}

/** A `sessions` row. */
export interface SessionRow {
  id: string;
  campaign_id: string;
  name: string;
  status: string;
  started_at: string;
  updated_at: string;
  ended_at: string | null;
}

/** A `session_events` row; `gm_only` is 0 or 1 on SQLite, a boolean on PostgreSQL. */
export interface EventRow {
  session_id: string;
  seq: number;
  ts: string;
  type: string;
  gm_only: number | boolean;
  request_id: string;
  invocation_id: string;
  participant_id: string | null;
  actor: string;
  character_id: string | null;
  payload_json: string;
}

/** A `campaigns` row, columns as named in the record. */
export type CampaignRow = Omit<Campaign, "gm_mode"> & { gm_mode: string };

/** A `participants` row; the linked subject is the `user_subject` column. */
export type ParticipantRow = Omit<Participant, "role" | "controller" | "user"> & {
  role: string;
  controller: string;
  user_subject: string | null;
};

/**
 * Builds a campaign record with keys in output order. The CHECK constraints guarantee the enum
 * columns hold enum values.
 *
 * @param row - the stored row
 * @returns the record
 */
export function campaignFromRow(row: CampaignRow): Campaign {
  return {
    id: row.id,
    name: row.name,
    gm_mode: row.gm_mode as GmMode,
    participant_count: row.participant_count,
    character_count: row.character_count,
    gm_fear: row.gm_fear,
    theme_prompt: row.theme_prompt,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Builds a participant record with keys in output order.
 *
 * @param row - the stored row
 * @returns the record
 */
export function participantFromRow(row: ParticipantRow): Participant {
  return {
    id: row.id,
    campaign_id: row.campaign_id,
    display_name: row.display_name,
    role: row.role as ParticipantRole,
    controller: row.controller as ParticipantController,
    user: row.user_subject,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Builds a character record with keys in output order.
 *
 * @param row - the stored row
 * @returns the record
 */
export function characterFromRow(row: CharacterRow): Character {
  return {
    id: row.id,
    campaign_id: row.campaign_id,
    name: row.name,
    kind: row.kind as CharacterKind,
    notes: row.notes,
    ...(row.notes_gm_only === 1 || row.notes_gm_only === true
      ? { notes_gm_only: true as const }
      : {}),
    controller: row.controller,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Builds a profile record, parsing the stored trait map.
 *
 * @param row - the stored row
 * @returns the record
 */
export function profileFromRow(row: ProfileRow): CharacterProfile {
  return {
    character_id: row.character_id,
    traits: JSON.parse(row.traits_json) as Traits,
    hp_max: row.hp_max,
    stress_max: row.stress_max,
    evasion: row.evasion,
    major_threshold: row.major_threshold,
    severe_threshold: row.severe_threshold,
  };
}

/** A character's state as stored: its conditions as a JSON array. */
export interface StateRow {
  character_id: string;
  hope: number;
  stress: number;
  hp: number;
  conditions_json: string;
}

/**
 * Builds a state row from a record.
 *
 * @param state - the record
 * @returns the row
 */
export function stateRow(state: CharacterState): StateRow {
  const { conditions, ...rest } = state;
  return { ...rest, conditions_json: JSON.stringify(conditions) };
}

/**
 * Builds a state record with keys in output order.
 *
 * @param row - the stored row
 * @returns the record
 */
export function stateFromRow(row: StateRow): CharacterState {
  return {
    character_id: row.character_id,
    hope: row.hope,
    stress: row.stress,
    hp: row.hp,
    conditions: JSON.parse(row.conditions_json) as Condition[],
  };
}

/**
 * Builds a session record; `ended_at` only when the session has ended.
 *
 * @param row - the stored row
 * @returns the record
 */
export function sessionFromRow(row: SessionRow): Session {
  const session: Session = {
    id: row.id,
    campaign_id: row.campaign_id,
    name: row.name,
    status: row.status as SessionStatus,
    started_at: row.started_at,
    updated_at: row.updated_at,
  };
  if (row.ended_at !== null) session.ended_at = row.ended_at;
  return session;
}

/**
 * Builds an event; the `gm_only`, participant and character keys only when set.
 *
 * @param row - the stored row
 * @returns the event
 */
export function eventFromRow(row: EventRow): SessionEvent {
  return {
    session_id: row.session_id,
    seq: row.seq,
    ts: row.ts,
    type: row.type as SessionEventType,
    ...(row.gm_only === 1 || row.gm_only === true ? { gm_only: true as const } : {}),
    request_id: row.request_id,
    invocation_id: row.invocation_id,
    ...(row.participant_id === null ? {} : { participant_id: row.participant_id }),
    actor: row.actor,
    ...(row.character_id === null ? {} : { character_id: row.character_id }),
    payload_json: row.payload_json,
  };
}

/**
 * The columns of a participant record.
 *
 * @param participant - the record
 * @returns its row
 */
export function participantRow(participant: Participant): ParticipantRow {
  const { user, ...rest } = participant;
  return { ...rest, user_subject: user };
}

/**
 * The columns of a character record, as SQLite stores them (`notes_gm_only` 0 or 1).
 *
 * @param character - the record
 * @returns its row
 */
export function characterRow(character: Character): CharacterRow {
  return { ...character, notes_gm_only: character.notes_gm_only === true ? 1 : 0 };
}

/** One kept MCP session (docs/campaign.md §10.5); the JSON columns are read by the server. */
export interface McpSessionRow {
  id: string;
  subject: string | null;
  /** The client's `initialize` parameters, as JSON. */
  initialize: string;
  /** The campaign context (docs/campaign.md §3), as JSON. */
  context: string;
  /** The subscribed resource URIs, as a JSON array. */
  subscriptions: string;
  last_seen: string;
}

/** One context handle (docs/campaign.md §3, §10.6); the context is read by the server. */
export interface ContextHandleRow {
  id: string;
  /** Whose handle it is: nobody else may use or read it. */
  subject: string;
  /** The campaign context (docs/campaign.md §3), as JSON. */
  context: string;
  /** When it was last used, roughly: recorded at most once a day. */
  last_used: string;
}

/** One adversary stat block: its name, and its other fields as JSON (docs/campaign.md §2.9). */
export interface AdversaryRow {
  id: string;
  campaign_id: string;
  name: string;
  block_json: string;
  created_at: string;
  updated_at: string;
}

export function adversaryRow(adversary: Adversary): AdversaryRow {
  const { id, campaign_id, name, created_at, updated_at, ...block } = adversary;
  return { id, campaign_id, name, block_json: JSON.stringify(block), created_at, updated_at };
}

export function adversaryFromRow(row: AdversaryRow): Adversary {
  const block = JSON.parse(row.block_json) as Omit<StatBlock, "name">;
  return {
    id: row.id,
    campaign_id: row.campaign_id,
    name: row.name,
    tier: block.tier,
    type: block.type,
    difficulty: block.difficulty,
    thresholds: block.thresholds,
    hp_max: block.hp_max,
    stress_max: block.stress_max,
    attack: block.attack,
    experiences: block.experiences,
    features: block.features,
    minion_overflow: block.minion_overflow,
    horde_damage: block.horde_damage,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** One fight (docs/campaign.md §2.10); its lists as JSON. */
export interface EncounterRow {
  id: string;
  campaign_id: string;
  session_id: string;
  name: string;
  state: string;
  difficulty: string;
  adjustments_json: string;
  party_json: string;
  outcome: string | null;
  started_at: string;
  updated_at: string;
  ended_at: string | null;
}

export function encounterRow(encounter: Encounter): EncounterRow {
  const { adjustments, party, ...rest } = encounter;
  return {
    ...rest,
    adjustments_json: JSON.stringify(adjustments),
    party_json: JSON.stringify(party),
  };
}

export function encounterFromRow(row: EncounterRow): Encounter {
  return {
    id: row.id,
    campaign_id: row.campaign_id,
    session_id: row.session_id,
    name: row.name,
    state: row.state as EncounterState,
    difficulty: row.difficulty as EncounterDifficulty,
    adjustments: JSON.parse(row.adjustments_json) as BudgetAdjustment[],
    party: JSON.parse(row.party_json) as string[],
    outcome: row.outcome,
    started_at: row.started_at,
    updated_at: row.updated_at,
    ended_at: row.ended_at,
  };
}

/** One adversary in a fight; flags 0 or 1 on SQLite, booleans on PostgreSQL. */
export interface InstanceRow {
  id: string;
  encounter_id: string;
  adversary_id: string;
  number: number;
  name: string;
  defeated: number | boolean;
  hp_marked: number;
  stress_marked: number;
  conditions_json: string;
  removed: number | boolean;
}

export function instanceRow(instance: EncounterInstance): InstanceRow {
  const { conditions, defeated, removed, ...rest } = instance;
  return {
    ...rest,
    defeated: defeated ? 1 : 0,
    conditions_json: JSON.stringify(conditions),
    removed: removed ? 1 : 0,
  };
}

export function instanceFromRow(row: InstanceRow): EncounterInstance {
  return {
    id: row.id,
    encounter_id: row.encounter_id,
    adversary_id: row.adversary_id,
    number: row.number,
    name: row.name,
    defeated: row.defeated === 1 || row.defeated === true,
    hp_marked: row.hp_marked,
    stress_marked: row.stress_marked,
    conditions: JSON.parse(row.conditions_json) as Condition[],
    removed: row.removed === 1 || row.removed === true,
  };
}

/** One countdown (docs/campaign.md §2.11); flags 0 or 1 on SQLite, booleans on PostgreSQL. */
export interface CountdownRow {
  id: string;
  campaign_id: string;
  encounter_id: string | null;
  name: string;
  kind: string;
  start: number;
  value: number;
  state: string;
  visible_to_players: number | boolean;
  dynamic_json: string | null;
  triggered: number;
  deleted: number | boolean;
  created_at: string;
  updated_at: string;
}

export function countdownRow(countdown: Countdown): CountdownRow {
  const { dynamic, visible_to_players, deleted, ...rest } = countdown;
  return {
    ...rest,
    visible_to_players: visible_to_players ? 1 : 0,
    dynamic_json: dynamic === null ? null : JSON.stringify(dynamic),
    deleted: deleted ? 1 : 0,
  };
}

export function countdownFromRow(row: CountdownRow): Countdown {
  return {
    id: row.id,
    campaign_id: row.campaign_id,
    encounter_id: row.encounter_id,
    name: row.name,
    kind: row.kind as CountdownKind,
    start: row.start,
    value: row.value,
    state: row.state as Countdown["state"],
    visible_to_players: row.visible_to_players === 1 || row.visible_to_players === true,
    dynamic: row.dynamic_json === null ? null : (JSON.parse(row.dynamic_json) as DynamicTicks),
    triggered: row.triggered,
    deleted: row.deleted === 1 || row.deleted === true,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

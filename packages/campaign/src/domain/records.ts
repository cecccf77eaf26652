import type { Condition } from "./encounters.js";

/** Who runs the game table (docs/campaign.md §2.1). */
export const GM_MODES = ["HUMAN", "AI", "HYBRID"] as const;
export type GmMode = (typeof GM_MODES)[number];

/** A participant's seat at the table (docs/campaign.md §2.2). */
export const PARTICIPANT_ROLES = ["GM", "PLAYER"] as const;
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number];

/** Who operates a participant's seat (docs/campaign.md §2.2). */
export const PARTICIPANT_CONTROLLERS = ["HUMAN", "AI"] as const;
export type ParticipantController = (typeof PARTICIPANT_CONTROLLERS)[number];

/** Player character or non-player character (docs/campaign.md §2.3). */
export const CHARACTER_KINDS = ["PC", "NPC"] as const;
export type CharacterKind = (typeof CHARACTER_KINDS)[number];

/** A session's life cycle (docs/campaign.md §2.6); a session never returns to `ACTIVE`. */
export type SessionStatus = "ACTIVE" | "ENDED";

/** Which Duality die was higher (a crit counts as Hope). */
export type RollFlavor = "HOPE" | "FEAR";

/** The GM's Fear never exceeds this (SRD, Core GM Mechanics). */
export const GM_FEAR_MAX = 12;
/** A character's Hope never exceeds this (SRD, Making Moves and Taking Action). */
export const HOPE_MAX = 6;

/** A campaign, keys in output order (docs/campaign.md §2.1). */
export interface Campaign {
  id: string;
  name: string;
  gm_mode: GmMode;
  participant_count: number;
  character_count: number;
  gm_fear: number;
  theme_prompt: string;
  created_at: string;
  updated_at: string;
}

/** A participant, keys in output order (docs/campaign.md §2.2). */
export interface Participant {
  id: string;
  campaign_id: string;
  display_name: string;
  role: ParticipantRole;
  controller: ParticipantController;
  /** The subject whose seat this is, or `null` for a seat nobody has claimed yet. */
  user: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A character, keys in output order (docs/campaign.md §2.3); `controller` is `"GM"`, a
 * participant id or null.
 */
export interface Character {
  id: string;
  campaign_id: string;
  name: string;
  kind: CharacterKind;
  notes: string;
  /** Present, and `true`, only when the GM kept an NPC's notes from the players. */
  notes_gm_only?: true;
  controller: string | null;
  created_at: string;
  updated_at: string;
}

/** Trait name to modifier. */
export type Traits = Record<string, number>;

/** The static sheet values of a character (docs/campaign.md §2.4). */
export interface CharacterProfile {
  character_id: string;
  traits: Traits;
  hp_max: number;
  stress_max: number;
  evasion: number;
  major_threshold: number;
  severe_threshold: number;
}

/** The profile fields a caller may set; absent fields keep their value. */
export type ProfileFields = Partial<Omit<CharacterProfile, "character_id">>;

/** What changes in play (docs/campaign.md §2.5). `hp` counts Hit Points not yet marked. */
export interface CharacterState {
  character_id: string;
  hope: number;
  stress: number;
  hp: number;
  /** Among `HIDDEN`, `RESTRAINED`, `VULNERABLE`, in that order; set by `condition_set`. */
  conditions: Condition[];
}

/** The state fields a caller may set; absent fields keep their value. */
export type StateFields = Partial<Omit<CharacterState, "character_id" | "conditions">>;

/** A play session (docs/campaign.md §2.6); `ended_at` is present only when `status` is `ENDED`. */
export interface Session {
  id: string;
  campaign_id: string;
  name: string;
  status: SessionStatus;
  started_at: string;
  updated_at: string;
  ended_at?: string;
}

/** A character with its profile and state (the answer of `character_sheet_get`). */
export interface CharacterSheet {
  character: Character;
  profile: CharacterProfile;
  state: CharacterState;
}

/** One entry of a session's append-only log (docs/campaign.md §2.7). */
export interface SessionEvent {
  session_id: string;
  seq: number;
  ts: string;
  type: SessionEventType;
  /** Present, and `true`, only on notes the GM kept from the players. */
  gm_only?: true;
  request_id: string;
  invocation_id: string;
  participant_id?: string;
  /** The subject who made the call that appended the event. */
  actor: string;
  character_id?: string;
  payload_json: string;
}

/** Every event type the log can hold (docs/campaign.md §5). */
export const SESSION_EVENT_TYPES = [
  "SESSION_STARTED",
  "SESSION_ENDED",
  "NOTE_ADDED",
  "ACTION_ROLL_REQUESTED",
  "ACTION_ROLL_RESOLVED",
  "OUTCOME_APPLY_REQUESTED",
  "OUTCOME_APPLIED",
  "OUTCOME_REJECTED",
  "REQUEST_REJECTED",
  "PARTICIPANT_CREATED",
  "CHARACTER_CREATED",
  "CHARACTER_CONTROL_SET",
  "CHARACTER_PROFILE_PATCHED",
  "CHARACTER_STATE_PATCHED",
  "GM_FEAR_CHANGED",
  "CAMPAIGN_UPDATED",
  "PARTICIPANT_UPDATED",
  "CHARACTER_UPDATED",
  "ADVERSARY_DEFINED",
  "ADVERSARY_UPDATED",
  "ADVERSARIES_IMPORTED",
  "ENCOUNTER_STARTED",
  "ENCOUNTER_ADVERSARIES_ADDED",
  "ENCOUNTER_ADVERSARY_REMOVED",
  "ENCOUNTER_ENDED",
  "DAMAGE_APPLIED",
  "ADVERSARY_STRESS_CHANGED",
  "GM_FEAR_SPENT",
  "ADVERSARY_ATTACK_ROLLED",
  "COUNTDOWN_CREATED",
  "COUNTDOWN_TICKED",
  "COUNTDOWN_DELETED",
  "CONDITION_SET",
] as const;
export type SessionEventType = (typeof SESSION_EVENT_TYPES)[number];

/** The per-MCP-session selection of campaign, session and participant (docs/campaign.md §3). */
export interface SessionContext {
  campaign_id: string | null;
  session_id: string | null;
  participant_id: string | null;
}

/** A fresh context: nothing selected. */
export function emptyContext(): SessionContext {
  return { campaign_id: null, session_id: null, participant_id: null };
}

/**
 * An invitation to claim a seat (a participant without a user). Only the code's SHA-256 is
 * kept; the code itself is shown once, to the GM who asked for it.
 */
export interface SeatInvite {
  participant_id: string;
  campaign_id: string;
  code_sha256: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  used_by: string | null;
  used_at: string | null;
}

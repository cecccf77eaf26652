import { displayName, displaySubject, displayText, type ParameterProblem } from "@tabletop-mcp/kit";
import * as z from "zod";
import { CONDITIONS } from "../domain/encounters.js";
import { CONTEXT_HANDLE_PATTERN } from "../domain/ids.js";
import {
  CHARACTER_KINDS,
  GM_MODES,
  PARTICIPANT_CONTROLLERS,
  PARTICIPANT_ROLES,
  SESSION_EVENT_TYPES,
} from "../domain/records.js";

/** Every id argument (docs/campaign.md §1): exact, never trimmed. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** A trait key of a profile (docs/campaign.md §2.4). */
export const TRAIT_KEY_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;
/** A profile holds at most this many traits. */
export const MAX_TRAITS = 12;

/** @returns an id parameter with its description */
export function idParameter(description: string) {
  return z.string().regex(ID_PATTERN).describe(description);
}

/**
 * @returns a human-readable name (a campaign's, a character's, a seat's), trimmed before its
 *   length is checked, refusing control, invisible format and bidirectional characters (the
 *   kit's `displayName`, docs/contract.md §5.3); U+0000 among them, which PostgreSQL cannot store
 */
export function nameParameter(min: number, max: number, description: string) {
  return displayName(z.string().trim().min(min).max(max)).describe(description);
}

/**
 * @returns a free-text parameter (notes, a theme), trimmed before its length is checked; keeps
 *   line breaks and tabs, refuses other control characters and the bidirectional controls (the
 *   kit's `displayText`, docs/contract.md §5.3), U+0000 among them whatever the store
 */
export function textParameter(min: number, max: number, description: string) {
  return displayText(z.string().trim().min(min).max(max)).describe(description);
}

/**
 * @returns a user's subject (an OAuth `sub` or a token table's `sub`): taken exactly as given,
 *   1 to 256 characters, refusing control, invisible format and bidirectional characters as the
 *   auth modes do (the kit's `displaySubject`, docs/auth.md §1), so that a seat's user reads as
 *   the subject it is
 */
export function subjectParameter(description: string) {
  return displaySubject(z.string().min(1).max(256)).describe(description);
}

export const campaignIdParameter = idParameter(
  "Campaign id (camp_…); defaults to the context's campaign (set_context)",
).optional();
export const sessionIdParameter = idParameter(
  "Session id (sess_…); defaults to the context's session (set_context)",
).optional();

export const contextHandleParameter = z
  .string()
  .regex(CONTEXT_HANDLE_PATTERN)
  .describe(
    "A context handle (ctx_…) from set_context; omitted ids default to its context instead of this connection's",
  )
  .optional();

/** A campaign's name, as campaign_create and campaign_update take it (docs/campaign.md §2.1). */
export const campaignNameParameter = nameParameter(1, 200, "Campaign name");
/** A campaign's theme, as campaign_create and campaign_update take it. */
export const themePromptParameter = textParameter(0, 4000, "Setting and tone, free text");
/** A seat's name, as participant_create and participant_update take it (§2.2). */
export const displayNameParameter = nameParameter(1, 100, "Name shown for this seat at the table");
/** A character's name, as character_create and character_update take it (§2.3). */
export const characterNameParameter = nameParameter(1, 100, "Character name");
/** A character's notes, as character_create and character_update take them. */
export const characterNotesParameter = textParameter(0, 4000, "Free notes");

export const traitsParameter = z
  .record(z.string().regex(TRAIT_KEY_PATTERN), z.int().min(-3).max(6))
  .describe(
    "The whole trait map, name → modifier -3..6 (replaces, never merges); SRD traits are agility, strength, finesse, instinct, presence, knowledge",
  );

/** The profile fields of character_create's `profile` and of character_profile_patch. */
export const profileFieldParameters = {
  traits: traitsParameter.optional(),
  hp_max: z.int().min(1).max(30).describe("Hit Point slots").optional(),
  stress_max: z.int().min(0).max(20).describe("Stress slots").optional(),
  evasion: z.int().min(0).max(50).describe("Evasion").optional(),
  major_threshold: z.int().min(0).max(500).describe("Major damage threshold").optional(),
  severe_threshold: z
    .int()
    .min(0)
    .max(500)
    .describe("Severe damage threshold, at least major_threshold")
    .optional(),
};

/**
 * The trait-count rule a record schema cannot express.
 *
 * @param traits - the given trait map, if any
 * @param parameter - its parameter path
 * @returns one problem when there are more than {@link MAX_TRAITS} traits
 */
export function traitCountProblems(
  traits: Record<string, number> | undefined,
  parameter: string,
): ParameterProblem[] {
  if (!traits) return [];
  const count = Object.keys(traits).length;
  return count > MAX_TRAITS
    ? [
        {
          parameter,
          issue: `Value has ${count} traits; at most ${MAX_TRAITS} allowed`,
          valid_range: `0-${MAX_TRAITS}`,
        },
      ]
    : [];
}

/**
 * The rule every update tool shares: it must be given something to change.
 *
 * @param args - the call's arguments
 * @param fields - the fields the tool may change, in the schema's order
 * @returns one problem, naming the first field, when none of them is given
 */
export function nothingToChangeProblems(
  args: Readonly<Record<string, unknown>>,
  fields: readonly [string, ...string[]],
): ParameterProblem[] {
  if (fields.some((field) => args[field] !== undefined)) return [];
  return [
    {
      parameter: fields[0],
      issue: `Nothing to change: give at least one of ${fields.join(", ")}`,
    },
  ];
}

const timestamp = z.string();

export const campaignOutput = z.object({
  id: z.string(),
  name: z.string(),
  gm_mode: z.enum(GM_MODES),
  participant_count: z.int(),
  character_count: z.int(),
  gm_fear: z.int(),
  theme_prompt: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const participantOutput = z.object({
  id: z.string(),
  campaign_id: z.string(),
  display_name: z.string(),
  role: z.enum(PARTICIPANT_ROLES),
  controller: z.enum(PARTICIPANT_CONTROLLERS),
  user: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const characterOutput = z.object({
  id: z.string(),
  campaign_id: z.string(),
  name: z.string(),
  kind: z.enum(CHARACTER_KINDS),
  notes: z.string(),
  notes_gm_only: z
    .literal(true)
    .describe("Only the GM reads the notes; players read them as empty")
    .optional(),
  controller: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const profileOutput = z.object({
  character_id: z.string(),
  traits: z.record(z.string(), z.int()),
  hp_max: z.int(),
  stress_max: z.int(),
  evasion: z.int(),
  major_threshold: z.int(),
  severe_threshold: z.int(),
});

export const stateOutput = z.object({
  character_id: z.string(),
  hope: z.int(),
  stress: z.int(),
  hp: z.int(),
  conditions: z.array(z.enum(CONDITIONS)),
});

export const sessionOutput = z.object({
  id: z.string(),
  campaign_id: z.string(),
  name: z.string(),
  status: z.enum(["ACTIVE", "ENDED"]),
  started_at: timestamp,
  updated_at: timestamp,
  ended_at: timestamp.optional(),
});

export const contextOutput = z.object({
  context: z.string().nullable(),
  campaign_id: z.string().nullable(),
  session_id: z.string().nullable(),
  participant_id: z.string().nullable(),
});

export const eventTypeOutput = z.enum(SESSION_EVENT_TYPES);

/** A session event (docs/campaign.md §2.7), as the log and its resource show it. */
export const eventOutput = z.object({
  session_id: z.string(),
  seq: z.int(),
  ts: timestamp,
  type: eventTypeOutput,
  gm_only: z.literal(true).describe("Present on a note the GM keeps from the players").optional(),
  request_id: z.string(),
  invocation_id: z.string(),
  participant_id: z.string().optional(),
  actor: z.string(),
  character_id: z.string().optional(),
  payload_json: z.string().describe("The event's payload, a JSON object as text"),
});

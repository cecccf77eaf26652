import { isJsonObject, type JsonObject, numberOr, stringOr } from "@tabletop-mcp/views/app";

/** The values a person changes with the sheet's buttons. */
export type TrackedField = "hope" | "stress" | "hp";

/** Hope's ceiling (campaign rules: a character holds at most 6 Hope). */
export const HOPE_SLOTS = 6;

/** A character's sheet as character_sheet_get returns it. */
export interface CharacterSheet {
  readonly campaignId: string;
  readonly characterId: string;
  readonly name: string;
  readonly kind: string;
  readonly controller: string | null;
  readonly traits: ReadonlyArray<readonly [string, number]>;
  readonly evasion: number;
  readonly majorThreshold: number;
  readonly severeThreshold: number;
  readonly slots: Readonly<Record<TrackedField, number>>;
  readonly state: Readonly<Record<TrackedField, number>>;
  /** `HIDDEN`, `RESTRAINED`, `VULNERABLE`: those the character is under. */
  readonly conditions: readonly string[];
}

/**
 * A whole sheet, when the content is character_sheet_get's.
 *
 * @param content - a tool result's structured content
 * @returns the sheet, or `undefined` for a result that carries only part of it
 */
export function readSheet(content: JsonObject): CharacterSheet | undefined {
  const { character, profile, state } = content;
  if (!isJsonObject(character) || !isJsonObject(profile) || !isJsonObject(state)) return undefined;
  const traits = isJsonObject(profile.traits) ? profile.traits : {};
  return {
    campaignId: stringOr(character.campaign_id, ""),
    characterId: stringOr(character.id, ""),
    name: stringOr(character.name, "Unnamed"),
    kind: stringOr(character.kind, ""),
    controller: typeof character.controller === "string" ? character.controller : null,
    traits: Object.entries(traits).map(([trait, value]) => [trait, numberOr(value, 0)] as const),
    evasion: numberOr(profile.evasion, 0),
    majorThreshold: numberOr(profile.major_threshold, 0),
    severeThreshold: numberOr(profile.severe_threshold, 0),
    slots: {
      hope: HOPE_SLOTS,
      stress: numberOr(profile.stress_max, 0),
      hp: numberOr(profile.hp_max, 0),
    },
    state: readState(state),
    conditions: readConditions(state),
  };
}

/**
 * The conditions a state object lists (docs/campaign.md §2.5).
 *
 * @param state - the state as the server reports it
 * @returns its conditions, none when it lists none
 */
export function readConditions(state: JsonObject): string[] {
  const listed = Array.isArray(state.conditions) ? state.conditions : [];
  return listed.filter((each): each is string => typeof each === "string");
}

/**
 * The tracked values of a state object (`{character_id, hope, stress, hp}`).
 *
 * @param state - the state as the server reports it
 * @returns Hope, Stress and HP
 */
export function readState(state: JsonObject): Record<TrackedField, number> {
  return {
    hope: numberOr(state.hope, 0),
    stress: numberOr(state.stress, 0),
    hp: numberOr(state.hp, 0),
  };
}

/**
 * Which character a partial result (a state or profile patch) is about.
 *
 * @param content - the result's structured content
 * @returns the character's id, or `undefined` when the result names none
 */
export function characterIdOf(content: JsonObject): string | undefined {
  for (const part of [content.state, content.profile, content.character]) {
    if (isJsonObject(part)) {
      const id = part.character_id ?? part.id;
      if (typeof id === "string") return id;
    }
  }
  return undefined;
}

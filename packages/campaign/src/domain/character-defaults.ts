import type { CharacterKind, CharacterProfile, CharacterState, ProfileFields } from "./records.js";

/** The six traits of the SRD (Character Creation, step 3), in sheet order. */
export const SRD_TRAITS = [
  "agility",
  "strength",
  "finesse",
  "instinct",
  "presence",
  "knowledge",
] as const;

/**
 * The profile a new character of a kind starts with (docs/campaign.md §2.4).
 *
 * @param characterId - the character's id
 * @param kind - PC or NPC
 * @returns the default profile, every SRD trait at 0
 */
export function defaultProfile(characterId: string, kind: CharacterKind): CharacterProfile {
  const traits = Object.fromEntries(SRD_TRAITS.map((trait) => [trait, 0]));
  return kind === "PC"
    ? {
        character_id: characterId,
        traits,
        hp_max: 6,
        stress_max: 6,
        evasion: 10,
        major_threshold: 8,
        severe_threshold: 12,
      }
    : {
        character_id: characterId,
        traits,
        hp_max: 3,
        stress_max: 3,
        evasion: 8,
        major_threshold: 6,
        severe_threshold: 10,
      };
}

/**
 * The state a new character starts with (docs/campaign.md §2.5): PCs have 2 Hope, NPCs none,
 * no Stress marked, every Hit Point unmarked.
 *
 * @param kind - PC or NPC
 * @param profile - the character's initial profile
 * @returns the initial state
 */
export function initialState(kind: CharacterKind, profile: CharacterProfile): CharacterState {
  return {
    character_id: profile.character_id,
    hope: kind === "PC" ? 2 : 0,
    stress: 0,
    hp: profile.hp_max,
    conditions: [],
  };
}

/**
 * Overlays the given fields on a profile; a given `traits` replaces the whole map.
 *
 * @param profile - the current profile
 * @param fields - the fields to set
 * @returns a new profile, keys in output order
 */
export function mergeProfile(profile: CharacterProfile, fields: ProfileFields): CharacterProfile {
  return {
    character_id: profile.character_id,
    traits: fields.traits ?? profile.traits,
    hp_max: fields.hp_max ?? profile.hp_max,
    stress_max: fields.stress_max ?? profile.stress_max,
    evasion: fields.evasion ?? profile.evasion,
    major_threshold: fields.major_threshold ?? profile.major_threshold,
    severe_threshold: fields.severe_threshold ?? profile.severe_threshold,
  };
}

import { CampaignError } from "./campaign-error.js";
import type { CharacterProfile, CharacterState, StateFields } from "./records.js";

/**
 * Checks that the damage thresholds are in order (docs/campaign.md §2.4).
 *
 * @param profile - a merged profile
 * @throws CampaignError `INVALID_ARGUMENT` when `severe_threshold < major_threshold`
 */
export function assertThresholdOrder(profile: CharacterProfile): void {
  if (profile.severe_threshold < profile.major_threshold) {
    throw new CampaignError("INVALID_ARGUMENT", "severe_threshold must be >= major_threshold");
  }
}

/**
 * Checks that a new profile still holds the character's current state (docs/campaign.md
 * §4.7): a profile patch never changes the state, so the maxima cannot drop below what is
 * marked.
 *
 * @param profile - the patched profile
 * @param state - the current state
 * @throws CampaignError `FAILED_PRECONDITION` naming the value to lower first
 */
export function assertProfileHoldsState(profile: CharacterProfile, state: CharacterState): void {
  if (state.hp > profile.hp_max) {
    throw new CampaignError(
      "FAILED_PRECONDITION",
      `hp ${state.hp} exceeds hp_max ${profile.hp_max}; lower hp first`,
    );
  }
  if (state.stress > profile.stress_max) {
    throw new CampaignError(
      "FAILED_PRECONDITION",
      `stress ${state.stress} exceeds stress_max ${profile.stress_max}; lower stress first`,
    );
  }
}

/**
 * Applies a state patch within the profile's maxima (docs/campaign.md §4.8).
 *
 * @param state - the current state
 * @param fields - the values to set
 * @param profile - the character's profile
 * @returns the new state, keys in output order
 * @throws CampaignError `INVALID_ARGUMENT` when stress or hp exceeds its maximum
 */
export function patchState(
  state: CharacterState,
  fields: StateFields,
  profile: CharacterProfile,
): CharacterState {
  const next: CharacterState = {
    character_id: state.character_id,
    hope: fields.hope ?? state.hope,
    stress: fields.stress ?? state.stress,
    hp: fields.hp ?? state.hp,
    conditions: state.conditions,
  };
  if (fields.stress !== undefined && next.stress > profile.stress_max) {
    throw new CampaignError(
      "INVALID_ARGUMENT",
      `stress ${next.stress} exceeds stress_max ${profile.stress_max}`,
    );
  }
  if (fields.hp !== undefined && next.hp > profile.hp_max) {
    throw new CampaignError("INVALID_ARGUMENT", `hp ${next.hp} exceeds hp_max ${profile.hp_max}`);
  }
  return next;
}

/**
 * Whether two states hold the same values.
 *
 * @param left - one state
 * @param right - another state
 * @returns true when hope, stress, hp and the conditions are equal
 */
export function sameState(left: CharacterState, right: CharacterState): boolean {
  return (
    left.hope === right.hope &&
    left.stress === right.stress &&
    left.hp === right.hp &&
    left.conditions.join() === right.conditions.join()
  );
}

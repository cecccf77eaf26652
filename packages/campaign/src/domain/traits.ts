import { CampaignError } from "./campaign-error.js";
import type { Traits } from "./records.js";

/**
 * Normalises a trait name as the roll tool receives it: trimmed and lower-cased.
 *
 * @param trait - the name as given
 * @returns the lookup key
 */
export function normalizeTrait(trait: string): string {
  return trait.trim().toLowerCase();
}

/**
 * Looks a trait up on a profile (docs/campaign.md §4.11).
 *
 * @param traits - the character's traits
 * @param trait - a normalised trait name
 * @returns the trait's modifier
 * @throws CampaignError `INVALID_ARGUMENT` listing the known traits, sorted
 */
export function traitValue(traits: Traits, trait: string): number {
  const value = Object.hasOwn(traits, trait) ? traits[trait] : undefined;
  if (value === undefined) {
    const known = Object.keys(traits).sort();
    const list = known.length === 0 ? "none" : known.join(", ");
    throw new CampaignError("INVALID_ARGUMENT", `unknown trait: ${trait} (known: ${list})`);
  }
  return value;
}

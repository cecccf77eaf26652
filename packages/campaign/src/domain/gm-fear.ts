import { CampaignError } from "./campaign-error.js";
import { GM_FEAR_MAX } from "./records.js";

/**
 * Gains or spends GM Fear outside roll outcomes (docs/campaign.md §4.14): gains clamp at 12, a
 * spend needs that much Fear.
 *
 * @param current - the GM's Fear now
 * @param delta - a non-zero change
 * @returns the Fear after the change
 * @throws CampaignError `FAILED_PRECONDITION` when spending more than the GM has
 */
export function adjustGmFear(current: number, delta: number): number {
  if (current + delta < 0) {
    throw new CampaignError(
      "FAILED_PRECONDITION",
      `insufficient gm fear: have ${current}, need ${-delta}`,
    );
  }
  return Math.min(GM_FEAR_MAX, current + delta);
}

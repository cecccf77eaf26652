import type { CommandResult } from "./command-environment.js";

/**
 * A write's result inside one campaign: its value, the URIs it changed and, when it changed
 * any, who may hear of them: the campaign's GM and players, or its GM alone for a GM-only note
 * (docs/campaign.md §7).
 *
 * @param campaignId - the campaign written to
 * @param value - the command's answer
 * @param changedUris - the URIs whose content changed
 * @param gmOnly - whether only the GM may see the change
 * @returns the result
 */
export function changesIn<Value>(
  campaignId: string,
  value: Value,
  changedUris: string[],
  gmOnly = false,
): CommandResult<Value> {
  if (changedUris.length === 0) return { value, changedUris };
  return { value, changedUris, audience: { campaign_id: campaignId, gm_only: gmOnly } };
}

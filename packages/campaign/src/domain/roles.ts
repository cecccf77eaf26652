import type { Character, Participant } from "./records.js";

/** What a caller is in a campaign (docs/campaign.md §11.1); a stranger has no role. */
export type CampaignRole = "GM" | "PLAYER";

/** The caller's place in one campaign. */
export interface Access {
  role: CampaignRole;
  /** The participant linked to the caller; an owner may have none. */
  seat: Participant | undefined;
}

/**
 * The caller's place in a campaign: GM when they own it or their seat is a GM seat, player
 * when their seat is a player seat, stranger otherwise (docs/campaign.md §11.1).
 *
 * @param subject - the caller
 * @param owner - the campaign's owner, if it has one
 * @param seat - the participant linked to the caller in that campaign, if any
 * @returns the access, or `undefined` for a stranger
 */
export function accessOf(
  subject: string,
  owner: string | undefined,
  seat: Participant | undefined,
): Access | undefined {
  if (owner === subject || seat?.role === "GM") return { role: "GM", seat };
  if (seat?.role === "PLAYER") return { role: "PLAYER", seat };
  return undefined;
}

/**
 * Whether the caller may act for a character: the GM for every one, a player for those their
 * seat controls.
 *
 * @param access - the caller's place in the character's campaign
 * @param character - the character
 * @returns `true` when the caller controls it
 */
export function controlsCharacter(access: Access, character: Character): boolean {
  if (access.role === "GM") return true;
  return access.seat !== undefined && character.controller === access.seat.id;
}

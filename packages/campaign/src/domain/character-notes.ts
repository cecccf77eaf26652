import type { Character } from "./records.js";
import type { Access } from "./roles.js";

/**
 * A character as a reader sees it (docs/campaign.md §2.3): the GM sees everything; anyone else
 * sees a character whose notes the GM kept from the players with empty `notes` (and
 * `notes_gm_only`, so that they know the GM keeps some).
 *
 * @param character - the stored character
 * @param access - the reader's place in its campaign
 * @returns the character, or a copy without its notes
 */
export function characterSeenBy(character: Character, access: Pick<Access, "role">): Character {
  if (access.role === "GM" || character.notes_gm_only !== true) return character;
  return { ...character, notes: "" };
}

/**
 * A character as the log records it when it is created: without notes the GM kept from the
 * players, since every member of the campaign reads the log.
 *
 * @param character - the stored character
 * @returns the character, or a copy without its notes
 */
export function characterForLog(character: Character): Character {
  return characterSeenBy(character, { role: "PLAYER" });
}

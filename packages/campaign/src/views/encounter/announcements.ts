import { isJsonObject, type JsonObject, numberOr, stringOr } from "@tabletop-mcp/views/app";
import { readAdversary, readCountdown } from "./fight.js";

/**
 * What a screen reader hears after damage was applied, e.g. `Bog Hulk 1: 2 HP marked` or
 * `Reed Wisp 1: 1 HP marked, defeated, and 2 more Minions defeated`.
 *
 * @param content - `damage_apply`'s answer
 * @returns the sentence
 */
export function damageAnnouncement(content: JsonObject): string {
  const instance = isJsonObject(content.instance) ? readAdversary(content.instance) : undefined;
  const name = instance?.name ?? stringOr(content.target, "The target");
  const parts = [`${name}: ${numberOr(content.hp_marked_now, 0)} HP marked`];
  if (instance?.defeated) parts.push("defeated");
  const more = Array.isArray(content.also_defeated) ? content.also_defeated.length : 0;
  if (more > 0) parts.push(`and ${more} more ${more === 1 ? "Minion" : "Minions"} defeated`);
  return parts.join(", ");
}

/**
 * What a screen reader hears after a Stress button, e.g. `Bog Hulk 1: Stress 2 of 3`.
 *
 * @param content - `adversary_stress`'s answer, the adversary
 * @returns the sentence
 */
export function stressAnnouncement(content: JsonObject): string {
  const adversary = readAdversary(content);
  const stress = adversary.stress ?? { marked: 0, max: 0 };
  return `${adversary.name}: Stress ${stress.marked} of ${stress.max}`;
}

/**
 * What a screen reader hears after a tick, e.g. `Dawn: 3 of 4` or `Dawn: 0 of 4, triggered`.
 *
 * @param content - `countdown_tick`'s answer, the countdown
 * @returns the sentence
 */
export function tickAnnouncement(content: JsonObject): string {
  const countdown = readCountdown(content);
  const triggered = countdown.triggered ? ", triggered" : "";
  return `${countdown.name}: ${countdown.value} of ${countdown.start}${triggered}`;
}

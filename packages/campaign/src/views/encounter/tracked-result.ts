import { element, isJsonObject, type JsonObject } from "@tabletop-mcp/views/app";
import { readAdversary, readCountdown } from "./fight.js";
import { adversaryCard } from "./render-adversary.js";
import { countdownItem } from "./render-fight.js";

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * The fight a result is about: the encounter an `encounter_*` tool answers, the fight of a
 * countdown, or else the call's `encounter_id` (an adversary's answer does not name its fight).
 *
 * @param content - the result's structured content
 * @param args - the call's arguments
 * @returns the encounter's id, or `undefined` when neither names one
 */
export function fightIdOf(content: JsonObject, args: JsonObject): string | undefined {
  const isEncounter = Array.isArray(content.instances);
  return (
    (isEncounter ? text(content.id) : undefined) ??
    text(content.encounter_id) ??
    text(args.encounter_id)
  );
}

function isInstance(value: unknown): value is JsonObject {
  return isJsonObject(value) && typeof value.hp_max === "number";
}

/**
 * What the tracker shows of a result that names no fight: the adversary or the countdown it
 * answered, without controls, and a line saying how to see the whole fight.
 *
 * @param content - the result's structured content
 * @returns the elements to show
 */
export function unplacedResultElements(content: JsonObject): HTMLElement[] {
  const instance = [content.instance, content].find(isInstance);
  if (instance) {
    return [
      element("p", {
        className: "muted",
        text: "This answer does not name its fight; called with encounter_id, the tracker shows all of it.",
      }),
      element("ul", { className: "cards" }, [
        adversaryCard(readAdversary(instance), undefined, false),
      ]),
    ];
  }
  if (typeof content.start === "number" && typeof content.value === "number") {
    return [
      element("p", { className: "muted", text: "This countdown belongs to no fight." }),
      element("ul", { className: "countdowns" }, [
        countdownItem(readCountdown(content), undefined, true),
      ]),
    ];
  }
  return [
    element("p", {
      className: "muted",
      text: "This answer names no fight to show; called with encounter_id, the tracker shows it.",
    }),
  ];
}

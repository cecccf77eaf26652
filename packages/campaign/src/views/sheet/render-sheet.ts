import { element, formatModifier, pipRow } from "@tabletop-mcp/views/app";
import type { CharacterSheet, TrackedField } from "./character-sheet.js";

/** A track's name as the sheet shows it and its buttons say it. */
const TRACK_NAMES: Readonly<Record<TrackedField, string>> = {
  hope: "Hope",
  stress: "Stress",
  hp: "HP",
};

/** What the sheet's buttons do: change one field by one step. */
export type ChangeTrack = (field: TrackedField, step: 1 | -1) => void;

function fact(term: string, value: string): HTMLElement {
  return element("div", { className: "fact" }, [
    element("dt", { text: term }),
    element("dd", { text: value }),
  ]);
}

/** `Conditions: Hidden, Restrained`, or `No conditions`. */
function conditionsText(conditions: readonly string[]): string {
  if (conditions.length === 0) return "No conditions";
  const named = conditions.map((each) => each.charAt(0) + each.slice(1).toLowerCase());
  return `Conditions: ${named.join(", ")}`;
}

function controllerText(controller: string | null): string {
  if (controller === null) return "no controller";
  return controller === "GM" ? "controlled by the GM" : `controlled by ${controller}`;
}

function trackRow(sheet: CharacterSheet, field: TrackedField, change: ChangeTrack): HTMLElement {
  const name = TRACK_NAMES[field];
  const button = (step: 1 | -1, symbol: string, verb: string) => {
    const made = element("button", {
      text: symbol,
      attributes: { type: "button", "aria-label": `${verb} ${name}` },
    });
    made.addEventListener("click", () => change(field, step));
    return made;
  };
  return element("li", { className: `track track-${field}` }, [
    element("span", { className: "track-name", text: name }),
    element("span", {}, [
      pipRow({ label: name, filled: sheet.state[field], slots: sheet.slots[field] }),
      element("span", {
        className: "track-count",
        text: `${sheet.state[field]}/${sheet.slots[field]}`,
        attributes: { "aria-hidden": "true" },
      }),
    ]),
    element("span", { className: "track-buttons" }, [
      button(-1, "\u2212", "Decrease"),
      button(1, "+", "Increase"),
    ]),
  ]);
}

/**
 * The sheet: name, kind and controller, its conditions, traits, Evasion and damage thresholds, and Hope,
 * Stress and HP as pips with their maxima, each with buttons named `Decrease Hope` and
 * `Increase Hope` (and the same for Stress and HP).
 *
 * @param sheet - the character's sheet
 * @param change - what a button press asks for
 * @returns the sheet's elements
 */
export function sheetElements(sheet: CharacterSheet, change: ChangeTrack): HTMLElement[] {
  const traits = sheet.traits.map(([trait, value]) =>
    fact(trait.charAt(0).toUpperCase() + trait.slice(1), formatModifier(value)),
  );
  return [
    element("h2", { text: sheet.name }),
    element("p", {
      className: "identity",
      text: `${sheet.kind}, ${controllerText(sheet.controller)}`,
    }),
    element("p", { className: "conditions", text: conditionsText(sheet.conditions) }),
    element("dl", { className: "facts", attributes: { "aria-label": "Traits and defences" } }, [
      ...traits,
      fact("Evasion", String(sheet.evasion)),
      fact("Major", String(sheet.majorThreshold)),
      fact("Severe", String(sheet.severeThreshold)),
    ]),
    element(
      "ul",
      { className: "tracks", attributes: { "aria-label": "Hope, Stress and Hit Points" } },
      (["hope", "stress", "hp"] as const).map((field) => trackRow(sheet, field, change)),
    ),
  ];
}

/**
 * The sentence a screen reader hears after a change, e.g. `Hope is now 3 of 6`.
 *
 * @param sheet - the sheet after the change
 * @param field - the field that changed
 * @returns the sentence
 */
export function changeAnnouncement(sheet: CharacterSheet, field: TrackedField): string {
  return `${TRACK_NAMES[field]} is now ${sheet.state[field]} of ${sheet.slots[field]}`;
}

import { type AppView, defineAppView } from "@tabletop-mcp/kit";

/** A character's sheet, with buttons for Hope, Stress and HP. */
export const SHEET_VIEW = defineAppView({
  uri: "ui://campaign/sheet.html",
  name: "campaign-sheet-view",
  title: "Character sheet",
  description:
    "Shows a character's sheet after character_sheet_get, character_state_patch or character_profile_patch: traits, Evasion, thresholds, controller, conditions, and Hope, Stress and HP as pips; its Increase and Decrease buttons call character_state_patch and show any refusal.",
  file: new URL("../dist/views/sheet.html", import.meta.url),
});

/** A session's events as a timeline. */
export const SESSION_VIEW = defineAppView({
  uri: "ui://campaign/session.html",
  name: "campaign-session-view",
  title: "Session log",
  description:
    "Shows the session's events after session_start, session_action_roll, session_roll_outcome_apply or session_note_add: rolls, outcomes, notes, Fear and refusals as a timeline, newest first; Load older reads the next page of session://{id}/events.",
  file: new URL("../dist/views/session.html", import.meta.url),
});

/** A fight: adversaries, Minion groups and countdowns, with buttons for damage, Stress and ticks. */
export const ENCOUNTER_VIEW = defineAppView({
  uri: "ui://campaign/encounter.html",
  name: "campaign-encounter-view",
  title: "Encounter tracker",
  description:
    "Shows a fight after encounter_start, encounter_add, encounter_remove, encounter_end, damage_apply, adversary_stress, condition_set, countdown_create or countdown_tick, read whole from encounter://{id}: each adversary as a card (the GM sees HP and Stress as pips and the thresholds; the Minions of a stat block share one card), and the countdowns as dials. The GM's buttons call damage_apply, adversary_stress and countdown_tick and show any refusal.",
  file: new URL("../dist/views/encounter.html", import.meta.url),
});

/** Every view this server serves. */
export const APP_VIEWS: readonly AppView[] = [SHEET_VIEW, SESSION_VIEW, ENCOUNTER_VIEW];

/** Which view shows each tool's results. */
export const APP_VIEW_LINKS: ReadonlyMap<string, AppView> = new Map([
  ["character_sheet_get", SHEET_VIEW],
  ["character_state_patch", SHEET_VIEW],
  ["character_profile_patch", SHEET_VIEW],
  ["session_start", SESSION_VIEW],
  ["session_action_roll", SESSION_VIEW],
  ["session_roll_outcome_apply", SESSION_VIEW],
  ["session_note_add", SESSION_VIEW],
  // adversary_attack is not linked: its answer is a roll against a character, and nothing the
  // tracker shows changes with it.
  ...[
    "encounter_start",
    "encounter_add",
    "encounter_remove",
    "encounter_end",
    "damage_apply",
    "adversary_stress",
    "condition_set",
    "countdown_create",
    "countdown_tick",
  ].map((tool) => [tool, ENCOUNTER_VIEW] as const),
]);

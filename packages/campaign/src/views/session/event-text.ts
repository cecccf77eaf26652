import {
  isJsonObject,
  type JsonObject,
  numberOr,
  objectsOf,
  stringOr,
} from "@tabletop-mcp/views/app";

/** Names characters in sentences: their name when known, else their id. */
export type NameOf = (characterId: string) => string;

/** The colour family of an event on the timeline. */
export type EventKind = "roll" | "outcome" | "note" | "fear" | "rejection" | "session" | "change";

interface EventTelling {
  readonly kind: EventKind;
  readonly tell: (payload: JsonObject, nameOf: NameOf) => string;
}

const FIELD_NAMES: Readonly<Record<string, string>> = {
  hope: "Hope",
  stress: "Stress",
  hp: "HP",
  gm_fear: "GM Fear",
};

function who(payload: JsonObject, nameOf: NameOf): string {
  return nameOf(stringOr(payload.character_id, "someone"));
}

function rollOutcome(payload: JsonObject): string {
  if (payload.crit === true) return "Critical success";
  const flavor = payload.flavor === "FEAR" ? "Fear" : "Hope";
  return `${payload.success === true ? "Success" : "Failure"} with ${flavor}`;
}

function rolled(payload: JsonObject, nameOf: NameOf): string {
  const dice = isJsonObject(payload.dice) ? payload.dice : {};
  return `${who(payload, nameOf)} rolled Hope ${numberOr(dice.hope_die, 0)}, Fear ${numberOr(dice.fear_die, 0)}: total ${numberOr(payload.total, 0)} against ${numberOr(payload.difficulty, 0)}, ${rollOutcome(payload)}`;
}

function applied(payload: JsonObject, nameOf: NameOf): string {
  const changes = objectsOf(payload.applied_changes).map((change) => {
    const field = FIELD_NAMES[stringOr(change.field, "")] ?? stringOr(change.field, "");
    const owner = typeof change.character_id === "string" ? `${nameOf(change.character_id)} ` : "";
    return `${owner}${field} ${numberOr(change.before, 0)} → ${numberOr(change.after, 0)}`;
  });
  const complication = payload.requires_complication === true ? "; a complication is due" : "";
  return `Roll #${numberOr(payload.roll_seq, 0)} applied: ${changes.length > 0 ? changes.join(", ") : "no change"}${complication}`;
}

function statePatched(payload: JsonObject, nameOf: NameOf): string {
  const before = isJsonObject(payload.before) ? payload.before : {};
  const after = isJsonObject(payload.after) ? payload.after : {};
  const changes = ["hope", "stress", "hp"]
    .filter((field) => before[field] !== after[field])
    .map(
      (field) =>
        `${FIELD_NAMES[field]} ${numberOr(before[field], 0)} → ${numberOr(after[field], 0)}`,
    );
  return `${who(payload, nameOf)}: ${changes.length > 0 ? changes.join(", ") : "no change"}`;
}

function fearChanged(payload: JsonObject): string {
  const reason = stringOr(payload.reason, "");
  return `GM Fear ${numberOr(payload.before, 0)} → ${numberOr(payload.after, 0)}${reason ? ` (${reason})` : ""}`;
}

function fieldsOf(payload: JsonObject, side: "before" | "after"): JsonObject {
  const fields = payload[side];
  return isJsonObject(fields) ? fields : {};
}

function campaignUpdated(payload: JsonObject): string {
  const [before, after] = [fieldsOf(payload, "before"), fieldsOf(payload, "after")];
  const changes = [];
  if (before.name !== after.name) changes.push(`renamed ${stringOr(after.name, "")}`);
  if (before.theme_prompt !== after.theme_prompt) changes.push("theme changed");
  return `Campaign ${changes.length > 0 ? changes.join(", ") : "updated"}`;
}

function participantUpdated(payload: JsonObject): string {
  const [before, after] = [fieldsOf(payload, "before"), fieldsOf(payload, "after")];
  return `${stringOr(before.display_name, "A participant")} is now ${stringOr(after.display_name, "renamed")}`;
}

function characterUpdated(payload: JsonObject): string {
  const [before, after] = [fieldsOf(payload, "before"), fieldsOf(payload, "after")];
  const changes = [];
  if (before.name !== after.name) changes.push(`renamed ${stringOr(after.name, "")}`);
  if (before.notes !== after.notes) changes.push("notes changed");
  if (before.notes_gm_only !== after.notes_gm_only) {
    changes.push(
      after.notes_gm_only === true ? "notes kept from the players" : "notes shown to all",
    );
  }
  const name = stringOr(before.name, "A character");
  return `${name}: ${changes.length > 0 ? changes.join(", ") : "updated"}`;
}

/** Each of the eighteen event types in words (campaign events, newest first on the page). */
const TELLINGS: Readonly<Record<string, EventTelling>> = {
  SESSION_STARTED: { kind: "session", tell: () => "Session started" },
  SESSION_ENDED: { kind: "session", tell: () => "Session ended" },
  NOTE_ADDED: { kind: "note", tell: (payload) => `Note: ${stringOr(payload.text, "")}` },
  ACTION_ROLL_REQUESTED: {
    kind: "roll",
    tell: (payload, nameOf) =>
      `${who(payload, nameOf)} rolls ${stringOr(payload.trait, "a trait")} against ${numberOr(payload.difficulty, 0)}`,
  },
  ACTION_ROLL_RESOLVED: { kind: "roll", tell: rolled },
  OUTCOME_APPLY_REQUESTED: {
    kind: "outcome",
    tell: (payload) => `Applying roll #${numberOr(payload.roll_seq, 0)}`,
  },
  OUTCOME_APPLIED: { kind: "outcome", tell: applied },
  OUTCOME_REJECTED: {
    kind: "rejection",
    tell: (payload) =>
      `Roll #${numberOr(payload.roll_seq, 0)} not applied: ${stringOr(payload.message, "")}`,
  },
  REQUEST_REJECTED: {
    kind: "rejection",
    tell: (payload) =>
      `${stringOr(payload.tool, "A call")} refused: ${stringOr(payload.message, "")}`,
  },
  PARTICIPANT_CREATED: {
    kind: "change",
    tell: (payload) => {
      const participant = isJsonObject(payload.participant) ? payload.participant : {};
      return `${stringOr(participant.display_name, "Someone")} joined as ${stringOr(participant.role, "a participant")}`;
    },
  },
  CHARACTER_CREATED: {
    kind: "change",
    tell: (payload) => {
      const character = isJsonObject(payload.character) ? payload.character : {};
      return `${stringOr(character.name, "A character")} created`;
    },
  },
  CHARACTER_CONTROL_SET: {
    kind: "change",
    tell: (payload, nameOf) =>
      `${who(payload, nameOf)} now controlled by ${stringOr(payload.controller, "nobody")}`,
  },
  CHARACTER_PROFILE_PATCHED: {
    kind: "change",
    tell: (payload, nameOf) => `${who(payload, nameOf)}'s profile changed`,
  },
  CHARACTER_STATE_PATCHED: { kind: "change", tell: statePatched },
  GM_FEAR_CHANGED: { kind: "fear", tell: fearChanged },
  CAMPAIGN_UPDATED: { kind: "change", tell: campaignUpdated },
  PARTICIPANT_UPDATED: { kind: "change", tell: participantUpdated },
  CHARACTER_UPDATED: { kind: "change", tell: characterUpdated },
  ADVERSARY_DEFINED: {
    kind: "change",
    tell: (payload) => `Adversary ${adversaryName(payload)} defined`,
  },
  ADVERSARY_UPDATED: {
    kind: "change",
    tell: (payload) => `Adversary ${adversaryName(payload)} changed`,
  },
  ADVERSARIES_IMPORTED: {
    kind: "change",
    tell: (payload) => `${numberOr(payload.count, 0)} adversaries imported`,
  },
  ENCOUNTER_STARTED: {
    kind: "change",
    tell: (payload) => `Encounter ${stringOr(payload.name, "")} started`,
  },
  ENCOUNTER_ADVERSARIES_ADDED: {
    kind: "change",
    tell: (payload) => `${namesOf(payload.instances)} joined the fight`,
  },
  ENCOUNTER_ADVERSARY_REMOVED: {
    kind: "change",
    tell: (payload) => `${namesOf([payload.instance])} left the fight`,
  },
  ENCOUNTER_ENDED: {
    kind: "change",
    tell: (payload) => `Encounter ${stringOr(payload.name, "")} ended`,
  },
  DAMAGE_APPLIED: {
    kind: "change",
    tell: (payload) =>
      `${stringOr(payload.target_name, "Someone")} took ${numberOr(payload.final_damage, 0)} damage, ${numberOr(payload.hp_marked, 0)} HP marked`,
  },
  ADVERSARY_STRESS_CHANGED: {
    kind: "change",
    tell: (payload) =>
      `${stringOr(payload.name, "An adversary")}'s Stress ${numberOr(payload.before, 0)} → ${numberOr(payload.after, 0)}`,
  },
  ADVERSARY_ATTACK_ROLLED: { kind: "roll", tell: (payload) => attacked(payload) },
  CONDITION_SET: {
    kind: "change",
    tell: (payload) =>
      `${stringOr(payload.target_name, "Someone")} ${payload.on === true ? "is now" : "is no longer"} ${stringOr(payload.condition, "").toLowerCase()}`,
  },
  COUNTDOWN_CREATED: {
    kind: "change",
    tell: (payload) => {
      const countdown = isJsonObject(payload.countdown) ? payload.countdown : {};
      return `Countdown ${stringOr(countdown.name, "")} set at ${numberOr(countdown.start, 0)}`;
    },
  },
  COUNTDOWN_TICKED: {
    kind: "change",
    tell: (payload) =>
      `Countdown ${stringOr(payload.name, "")} ${numberOr(payload.before, 0)} → ${numberOr(payload.after, 0)}${payload.triggered === true ? ", triggered" : ""}`,
  },
  COUNTDOWN_DELETED: {
    kind: "change",
    tell: (payload) => `Countdown ${stringOr(payload.name, "")} removed`,
  },
  GM_FEAR_SPENT: {
    kind: "fear",
    tell: (payload) =>
      `GM spent ${numberOr(payload.spent, 0)} Fear: ${stringOr(payload.reason, "")}`,
  },
};

/** An adversary's attack (docs/campaign.md §4.31): the d20, the total, and what it did. */
function attacked(payload: JsonObject): string {
  const bonus = numberOr(payload.experience_bonus, 0);
  const sum = `d20 ${numberOr(payload.d20, 0)} + ${numberOr(payload.modifier, 0)}${bonus > 0 ? ` + ${bonus}` : ""}`;
  const result =
    payload.hit !== true
      ? "a miss"
      : `${payload.critical === true ? "a critical hit" : "a hit"} for ${numberOr(payload.damage, 0)} damage`;
  return `${stringOr(payload.instance_name, "An adversary")} attacked ${stringOr(payload.target_name, "someone")}: ${sum} = ${numberOr(payload.total, 0)} against Evasion ${numberOr(payload.evasion, 0)}, ${result}`;
}

/** The names of `{id, name}` items of an event, joined. */
function namesOf(items: unknown): string {
  const names = Array.isArray(items)
    ? items.map((item) => (isJsonObject(item) ? stringOr(item.name, "") : "")).filter(Boolean)
    : [];
  return names.length > 0 ? names.join(", ") : "Adversaries";
}

/** The name in an adversary event's `adversary` (or its `after`, for a change). */
function adversaryName(payload: JsonObject): string {
  const block = isJsonObject(payload.adversary) ? payload.adversary : fieldsOf(payload, "after");
  return stringOr(block.name, "");
}

/**
 * One event of a session's log in words, and its colour family.
 *
 * @param type - the event's type
 * @param payload - its parsed payload
 * @param nameOf - how to name characters
 * @returns the sentence and the kind
 */
export function tellEvent(
  type: string,
  payload: JsonObject,
  nameOf: NameOf,
): { kind: EventKind; text: string } {
  const telling = TELLINGS[type];
  return telling
    ? { kind: telling.kind, text: telling.tell(payload, nameOf) }
    : { kind: "change", text: type };
}

import type { SessionEvent } from "./records.js";

/** One character's changes over the events recapped (docs/campaign.md §4.36). */
export interface CharacterChanges {
  character_id: string;
  hope_gained: number;
  hope_spent: number;
  stress_marked: number;
  stress_cleared: number;
  hp_marked: number;
  hp_cleared: number;
}

/** A session's story in numbers and lists, for a model to narrate from. */
export interface Recap {
  rolls: Record<string, unknown>[];
  attacks: Record<string, unknown>[];
  characters: CharacterChanges[];
  fear: {
    gained: number;
    spent: number;
    spends: { seq: number; amount: number; reason: string }[];
  };
  encounters: Record<string, unknown>[];
  countdowns_triggered: { seq: number; countdown_id: string; name: string }[];
  notes: { seq: number; text: string; gm_only?: true }[];
}

type Payload = Record<string, unknown>;

const number = (value: unknown) => (typeof value === "number" ? value : 0);
const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * Builds a recap from a session's events, oldest first (docs/campaign.md §4.36): the action
 * rolls and whether their outcome was applied, the adversaries' attacks, each character's Hope,
 * Stress and HP changes, the Fear gained and spent, the encounters, the countdowns that
 * triggered, and the notes.
 *
 * @param events - the events to recap, in log order
 */
export function recapOf(events: readonly SessionEvent[]): Recap {
  const recap: Recap = {
    rolls: [],
    attacks: [],
    characters: [],
    fear: { gained: 0, spent: 0, spends: [] },
    encounters: [],
    countdowns_triggered: [],
    notes: [],
  };
  const characters = new Map<string, CharacterChanges>();
  const changesOf = (id: string) => {
    let changes = characters.get(id);
    if (!changes) {
      changes = {
        character_id: id,
        hope_gained: 0,
        hope_spent: 0,
        stress_marked: 0,
        stress_cleared: 0,
        hp_marked: 0,
        hp_cleared: 0,
      };
      characters.set(id, changes);
    }
    return changes;
  };
  for (const event of events) {
    const payload = JSON.parse(event.payload_json) as Payload;
    recapEvent(recap, event, payload, changesOf);
  }
  recap.characters = [...characters.values()];
  return recap;
}

function recapEvent(
  recap: Recap,
  event: SessionEvent,
  payload: Payload,
  changesOf: (id: string) => CharacterChanges,
): void {
  switch (event.type) {
    case "ACTION_ROLL_RESOLVED":
      recap.rolls.push({
        seq: event.seq,
        character_id: payload.character_id,
        trait: payload.trait,
        total: payload.total,
        difficulty: payload.difficulty,
        success: payload.success,
        flavor: payload.flavor,
        crit: payload.crit,
        applied: false,
      });
      return;
    case "OUTCOME_APPLIED":
      outcomeApplied(recap, payload, changesOf);
      return;
    case "CHARACTER_STATE_PATCHED":
      statePatched(payload, changesOf);
      return;
    case "DAMAGE_APPLIED":
      if (event.character_id !== undefined) {
        changesOf(event.character_id).hp_marked += number(payload.hp_marked);
      }
      return;
    case "ADVERSARY_ATTACK_ROLLED":
      recap.attacks.push({
        seq: event.seq,
        attacker: payload.instance_name,
        target: payload.target_name,
        total: payload.total,
        hit: payload.hit,
        critical: payload.critical,
        damage: payload.damage,
      });
      return;
    default:
      recapOther(recap, event, payload);
  }
}

function recapOther(recap: Recap, event: SessionEvent, payload: Payload): void {
  switch (event.type) {
    case "GM_FEAR_CHANGED": {
      const delta = number(payload.delta);
      if (delta > 0) recap.fear.gained += delta;
      else if (delta < 0) spendFear(recap, event.seq, -delta, text(payload.reason));
      return;
    }
    case "GM_FEAR_SPENT":
      spendFear(recap, event.seq, number(payload.spent), text(payload.reason));
      return;
    case "ENCOUNTER_STARTED":
      recap.encounters.push({
        encounter_id: payload.encounter_id,
        name: payload.name,
        state: "ACTIVE",
      });
      return;
    case "ENCOUNTER_ENDED":
      encounterEnded(recap, payload);
      return;
    case "COUNTDOWN_TICKED":
      if (payload.triggered === true) {
        recap.countdowns_triggered.push({
          seq: event.seq,
          countdown_id: text(payload.countdown_id),
          name: text(payload.name),
        });
      }
      return;
    case "NOTE_ADDED":
      recap.notes.push({
        seq: event.seq,
        text: text(payload.text),
        ...(event.gm_only === true ? { gm_only: true as const } : {}),
      });
      return;
  }
}

function spendFear(recap: Recap, seq: number, amount: number, reason: string): void {
  recap.fear.spent += amount;
  recap.fear.spends.push({ seq, amount, reason });
}

function outcomeApplied(
  recap: Recap,
  payload: Payload,
  changesOf: (id: string) => CharacterChanges,
): void {
  const roll = recap.rolls.find((item) => item.seq === payload.roll_seq);
  if (roll) roll.applied = true;
  const changes = Array.isArray(payload.applied_changes) ? payload.applied_changes : [];
  for (const change of changes as Payload[]) {
    const delta = number(change.after) - number(change.before);
    if (change.field === "gm_fear") {
      if (delta > 0) recap.fear.gained += delta;
      continue;
    }
    if (typeof change.character_id !== "string") continue;
    const character = changesOf(change.character_id);
    if (change.field === "hope") addHope(character, delta);
    if (change.field === "stress") addStress(character, delta);
  }
}

function statePatched(payload: Payload, changesOf: (id: string) => CharacterChanges): void {
  if (typeof payload.character_id !== "string") return;
  const before = (payload.before ?? {}) as Payload;
  const after = (payload.after ?? {}) as Payload;
  const character = changesOf(payload.character_id);
  addHope(character, number(after.hope) - number(before.hope));
  addStress(character, number(after.stress) - number(before.stress));
  // A state's hp is the HP left: fewer left is HP marked.
  const hp = number(after.hp) - number(before.hp);
  if (hp < 0) character.hp_marked -= hp;
  else character.hp_cleared += hp;
}

function addHope(character: CharacterChanges, delta: number): void {
  if (delta > 0) character.hope_gained += delta;
  else character.hope_spent -= delta;
}

function addStress(character: CharacterChanges, delta: number): void {
  if (delta > 0) character.stress_marked += delta;
  else character.stress_cleared -= delta;
}

function encounterEnded(recap: Recap, payload: Payload): void {
  const ended = {
    encounter_id: payload.encounter_id,
    name: payload.name,
    state: "ENDED",
    outcome: payload.outcome ?? null,
    defeated: payload.defeated ?? [],
    standing: payload.standing ?? [],
  };
  const index = recap.encounters.findIndex((item) => item.encounter_id === payload.encounter_id);
  if (index === -1) recap.encounters.push(ended);
  else recap.encounters[index] = ended;
}

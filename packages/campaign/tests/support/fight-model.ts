// An independent model of a fight as docs/campaign.md §2.9-§2.11 and §4.25-§4.35 state it:
// battle points, thresholds, Minions, defeat, Stress, conditions, Fear and countdowns. It
// imports nothing of the server: a test drives it beside the server and compares their states.
// Dice are the server's (they are random); what follows from them is the model's own.

/** A stat block as far as the rules of a fight need it. */
export interface ModelBlock {
  name: string;
  type: string;
  /** Absent or null for a Minion. */
  thresholds?: { major: number; severe: number } | null;
  hp_max: number;
  stress_max: number;
  minion_overflow?: number;
  attack: { modifier: number; damage: string };
  horde_damage?: string;
}

/** An adversary in the fight, as the GM reads it in `encounter://{id}`. */
export interface ModelInstance {
  name: string;
  defeated: boolean;
  hp_marked: number;
  hp_max: number;
  stress_marked: number;
  stress_max: number;
  conditions: string[];
}

/** A character's part: what damage reads and changes. */
export interface ModelCharacter {
  hope: number;
  stress: number;
  hp: number;
  major: number;
  severe: number;
  evasion: number;
}

/** A countdown as §2.11 has it. */
export interface ModelCountdown {
  name: string;
  kind: "STANDARD" | "LOOP" | "DYNAMIC";
  start: number;
  value: number;
  state: "ACTIVE" | "TRIGGERED";
  visible_to_players: boolean;
  triggered: number;
  dynamic?: {
    success: number;
    critical: number;
    failure_with_hope: number;
    failure_with_fear: number;
  };
}

/** An action roll's dice, as `session_action_roll` answers them. */
export interface ModelRoll {
  hope_die: number;
  fear_die: number;
  total: number;
  difficulty: number;
}

/** An attack's dice, as `adversary_attack` answers them. */
export interface ModelAttackDice {
  d20s: number[];
  damage_rolls: number[];
}

const CONDITION_ORDER = ["HIDDEN", "RESTRAINED", "VULNERABLE"];

/** Battle points each adversary type costs (§2.10); Minions are costed by group. */
const COST: Record<string, number> = {
  SOCIAL: 1,
  SUPPORT: 1,
  HORDE: 2,
  RANGED: 2,
  SKULK: 2,
  STANDARD: 2,
  LEADER: 3,
  BRUISER: 4,
  SOLO: 5,
};

/**
 * HP marked by damage against thresholds (duality's rule as §4.28 states it): nothing at 0 or
 * less, 1 below Major, 2 from Major, 3 from Severe.
 */
export function hpFor(amount: number, major: number, severe: number): number {
  if (amount <= 0) return 0;
  if (amount >= severe) return 3;
  return amount >= major ? 2 : 1;
}

/** The sum a notation like `2d6+3`, `1d8` or `4` shows for the given dice, and its maximum. */
export function notationTotal(
  notation: string,
  faces: readonly number[],
): { total: number; max: number } {
  const flat = /^(\d+)$/.exec(notation);
  if (flat) return { total: Number(flat[1]), max: 0 };
  const match = /^(\d+)d(\d+)(?:([+-])(\d+))?$/.exec(notation);
  if (!match) throw new Error(`the model reads no notation ${notation}`);
  const [count, sides] = [Number(match[1]), Number(match[2])];
  if (faces.length !== count || faces.some((face) => face < 1 || face > sides)) {
    throw new Error(`${faces.join(",")} are not ${notation}'s dice`);
  }
  const bonus = match[3] === "-" ? -Number(match[4]) : Number(match[4] ?? 0);
  return { total: faces.reduce((sum, face) => sum + face, 0) + bonus, max: count * sides };
}

/** A fight and its campaign's Fear and countdowns, changed by the same actions as the server. */
export class FightModel {
  readonly instances: (ModelInstance & { block: ModelBlock })[] = [];
  readonly countdowns = new Map<string, ModelCountdown>();
  private readonly numbers = new Map<string, number>();

  constructor(
    readonly party: string[],
    readonly characters: Map<string, ModelCharacter>,
    public fear: number,
  ) {}

  /** §2.10: 3 per party member + 2; the Minions of a block 1 per party-sized group. */
  battlePoints(): { budget: number; spent: number; left: number; over: boolean } {
    const budget = 3 * this.party.length + 2;
    let spent = 0;
    const minions = new Map<string, number>();
    for (const instance of this.instances) {
      if (instance.block.type === "MINION") {
        minions.set(instance.block.name, (minions.get(instance.block.name) ?? 0) + 1);
      } else spent += COST[instance.block.type] ?? 0;
    }
    for (const count of minions.values()) spent += Math.ceil(count / this.party.length);
    return { budget, spent, left: budget - spent, over: spent > budget };
  }

  add(block: ModelBlock, count = 1): void {
    for (let index = 0; index < count; index++) {
      const number = (this.numbers.get(block.name) ?? 0) + 1;
      this.numbers.set(block.name, number);
      this.instances.push({
        block,
        name: `${block.name} ${number}`,
        defeated: false,
        hp_marked: 0,
        hp_max: block.hp_max,
        stress_marked: 0,
        stress_max: block.stress_max,
        conditions: [],
      });
    }
  }

  instance(name: string): ModelInstance & { block: ModelBlock } {
    const found = this.instances.find((each) => each.name === name);
    if (!found) throw new Error(`no ${name} in the model`);
    return found;
  }

  /** §4.28 on an adversary; returns the names of the other Minions it defeated. */
  damageAdversary(name: string, amount: number): string[] {
    const target = this.instance(name);
    const { block } = target;
    if (block.thresholds) {
      const marks = hpFor(amount, block.thresholds.major, block.thresholds.severe);
      target.hp_marked = Math.min(block.hp_max, target.hp_marked + marks);
      target.defeated = target.hp_marked === block.hp_max;
      return [];
    }
    if (amount <= 0) return [];
    const defeat = (minion: ModelInstance) => {
      minion.defeated = true;
      minion.hp_marked = minion.hp_max;
    };
    defeat(target);
    const more = Math.floor(amount / (block.minion_overflow ?? Number.POSITIVE_INFINITY));
    const next = this.instances.filter(
      (each) => each.block === block && each !== target && !each.defeated,
    );
    const also = next.slice(0, more);
    for (const minion of also) defeat(minion);
    return also.map((minion) => minion.name);
  }

  /** §4.28 on a character: its HP left go down, never below 0. Returns the HP marked. */
  damageCharacter(id: string, amount: number): number {
    const character = this.characters.get(id);
    if (!character) throw new Error(`no ${id} in the model`);
    const marks = hpFor(amount, character.major, character.severe);
    const marked = Math.min(marks, character.hp);
    character.hp -= marked;
    return marked;
  }

  /**
   * §4.31: checks the attack's arithmetic from its dice and returns what must follow: the d20
   * that counts, the total, hit, critical and damage.
   */
  attack(
    name: string,
    targetId: string,
    dice: ModelAttackDice,
    advantage = 0,
  ): { d20: number; total: number; hit: boolean; critical: boolean; damage: number | null } {
    const attacker = this.instance(name);
    const target = this.characters.get(targetId);
    if (!target) throw new Error(`no ${targetId} in the model`);
    const d20 =
      advantage > 0
        ? Math.max(...dice.d20s)
        : advantage < 0
          ? Math.min(...dice.d20s)
          : (dice.d20s[0] ?? 0);
    const total = d20 + attacker.block.attack.modifier;
    const critical = d20 === 20;
    const hit = critical || total >= target.evasion;
    if (!hit) return { d20, total, hit, critical, damage: null };
    const half = Math.ceil(attacker.block.hp_max / 2);
    const notation =
      attacker.block.type === "HORDE" && attacker.hp_marked >= half && attacker.block.horde_damage
        ? attacker.block.horde_damage
        : attacker.block.attack.damage;
    const rolled = notationTotal(notation, dice.damage_rolls);
    return { d20, total, hit, critical, damage: rolled.total + (critical ? rolled.max : 0) };
  }

  stress(name: string, delta: number): void {
    const target = this.instance(name);
    target.stress_marked = Math.max(0, Math.min(target.stress_max, target.stress_marked + delta));
  }

  condition(name: string, condition: string, on: boolean): void {
    const target = this.instance(name);
    const held = new Set(target.conditions);
    if (on) held.add(condition);
    else held.delete(condition);
    target.conditions = CONDITION_ORDER.filter((each) => held.has(each));
  }

  /** §4.30: never below 0; the server refuses a spend it cannot cover. */
  spendFear(amount: number): void {
    if (amount > this.fear) throw new Error("the model cannot spend Fear it has not");
    this.fear -= amount;
  }

  /** §2.11: ticks down; at 0 it triggers, and a LOOP starts again. */
  tick(id: string, by: number): void {
    const countdown = this.countdowns.get(id);
    if (!countdown || countdown.state === "TRIGGERED") throw new Error(`${id} cannot tick`);
    countdown.value = Math.max(0, countdown.value - by);
    if (countdown.value > 0) return;
    countdown.triggered += 1;
    if (countdown.kind === "LOOP") countdown.value = countdown.start;
    else countdown.state = "TRIGGERED";
  }

  /** §4.11 and §2.11: the roll's result from its dice, and the ticks the GM set for it. */
  tickByRoll(id: string, roll: ModelRoll): number {
    const table = this.countdowns.get(id)?.dynamic;
    if (!table) throw new Error(`${id} is not dynamic`);
    const critical = roll.hope_die === roll.fear_die;
    const success = critical || roll.total >= roll.difficulty;
    const withFear = roll.fear_die > roll.hope_die;
    const by = critical
      ? table.critical
      : success
        ? table.success
        : withFear
          ? table.failure_with_fear
          : table.failure_with_hope;
    if (by > 0) this.tick(id, by);
    return by;
  }

  /**
   * §4.11-§4.12: checks the roll's total (no trait or modifiers), then applies its outcome to
   * the roller: Hope on a roll with Hope, a Stress cleared too on a critical, Fear to the GM on
   * a roll with Fear.
   */
  applyOutcome(rollerId: string, roll: ModelRoll): void {
    if (roll.total !== roll.hope_die + roll.fear_die) throw new Error("the total is not the dice");
    const roller = this.characters.get(rollerId);
    if (!roller) throw new Error(`no ${rollerId} in the model`);
    const critical = roll.hope_die === roll.fear_die;
    if (!critical && roll.fear_die > roll.hope_die) {
      this.fear = Math.min(12, this.fear + 1);
      return;
    }
    roller.hope = Math.min(6, roller.hope + 1);
    if (critical) roller.stress = Math.max(0, roller.stress - 1);
  }

  /** The instances as the GM reads them in the fight, without ids: with the type and thresholds. */
  gmInstances(): (ModelInstance & { type: string; thresholds: ModelBlock["thresholds"] })[] {
    return this.instances.map(({ block, ...rest }) => ({
      ...rest,
      type: block.type,
      thresholds: block.thresholds ?? null,
    }));
  }

  /** §2.10: a player reads each adversary's name, whether defeated, and its conditions. */
  playerInstances(): { name: string; defeated: boolean; conditions: string[] }[] {
    return this.instances.map(({ name, defeated, conditions }) => ({ name, defeated, conditions }));
  }
}

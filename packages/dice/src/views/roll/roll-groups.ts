import {
  isJsonObject,
  type JsonObject,
  numberOr,
  objectsOf,
  stringOr,
} from "@tabletop-mcp/views/app";

/** One die as the dice server reports it. */
export interface RolledDie {
  readonly sides: number;
  /** Every face rolled: a discarded first face when rerolled, then the chain. */
  readonly rolls: readonly number[];
  readonly value: number;
  readonly kept: boolean;
  readonly special: ReadonlySet<string>;
}

/** One group of dice and its total, as one result of a dice tool. */
export interface RollGroup {
  /** The group's name: its label, else its canonical notation (e.g. `4d6kh3`). */
  readonly title: string;
  readonly description: string;
  /** `Set 2, roll 1` for the results of roll_multiple. */
  readonly position: string | undefined;
  readonly dice: readonly RolledDie[];
  readonly total: number;
  /** Successes and dice rolled, when the roll counted successes. */
  readonly successes: { readonly count: number; readonly of: number } | undefined;
  /** What was added after summing (or counting): total minus the dice's part. */
  readonly modifier: number;
}

function readDie(die: JsonObject): RolledDie {
  const special = stringOr(die.special, "");
  return {
    sides: numberOr(die.sides, 0),
    rolls: Array.isArray(die.rolls) ? die.rolls.filter((face) => typeof face === "number") : [],
    value: numberOr(die.value, 0),
    kept: die.kept === true,
    special: new Set(special === "" ? [] : special.split(",")),
  };
}

function readGroup(result: JsonObject, position: string | undefined): RollGroup {
  const dice = objectsOf(result.dice).map(readDie);
  const total = numberOr(result.total, 0);
  const successes =
    typeof result.successes === "number"
      ? { count: result.successes, of: numberOr(result.total_dice, dice.length) }
      : undefined;
  const keptSum = dice.filter((die) => die.kept).reduce((sum, die) => sum + die.value, 0);
  const operation = stringOr(result.operation, "Roll");
  return {
    title: typeof result.label === "string" ? `${result.label} (${operation})` : operation,
    description: stringOr(result.description, ""),
    position,
    dice,
    total,
    successes,
    modifier: total - (successes ? successes.count : keptSum),
  };
}

/**
 * The groups of a dice tool's result: one for `roll_dice` and `roll`, one per result of
 * `roll_multiple` (with its set and place in the batch).
 *
 * @param content - the result's structured content
 * @returns the groups, in the server's order
 */
export function readRollGroups(content: JsonObject): RollGroup[] {
  if (Array.isArray(content.results)) {
    return objectsOf(content.results).map((result) =>
      readGroup(result, `Set ${numberOr(result.set, 1)}, roll ${numberOr(result.index, 0) + 1}`),
    );
  }
  return isJsonObject(content.result) ? [readGroup(content.result, undefined)] : [];
}

/**
 * Which tool produced a dice result, judged by its shape when the host did not say:
 * `roll_multiple` has `results`, `roll` echoes its `notation`.
 *
 * @param content - the result's structured content
 * @returns the tool's name
 */
export function rollingToolOf(content: JsonObject): string {
  if (Array.isArray(content.results)) return "roll_multiple";
  if (isJsonObject(content.result) && typeof content.result.notation === "string") return "roll";
  return "roll_dice";
}

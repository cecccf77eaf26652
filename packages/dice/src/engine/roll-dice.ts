import type { RandomSource } from "@tabletop-mcp/kit/random";
import { drawFace, rejectionLimit } from "@tabletop-mcp/kit/random";
import { renderDescription, renderOperation } from "./render-roll.js";
import { LIMITS, selectionOf, type ValidRollDiceParams } from "./roll-dice-params.js";

/** One die of a roll (docs/dice.md §4). */
export interface DieResult {
  /** 1-based position in roll order. */
  die: number;
  sides: number;
  /** Every face rolled for this die: the discarded first face if rerolled, then the chain. */
  rolls: number[];
  /** The chain's sum, raised to `min_value`. */
  value: number;
  kept: boolean;
  /** `null` or comma-joined tokens: rerolled, exploded, capped, min_applied, success. */
  special: string | null;
}

/** The `result` object of `roll_dice`, keys in the order of docs/dice.md §4. */
export interface RollResult {
  total: number;
  successes?: number;
  total_dice?: number;
  dice: DieResult[];
  operation: string;
  description: string;
  label?: string;
}

const REROLLED = 1;
const EXPLODED = 2;
const CAPPED = 4;
const MIN_APPLIED = 8;
const SUCCESS = 16;
const SPECIAL_TOKENS = ["rerolled", "exploded", "capped", "min_applied", "success"] as const;
const SPECIALS: readonly (string | null)[] = Array.from({ length: 32 }, (_, flags) => {
  const tokens = SPECIAL_TOKENS.filter((_, bit) => (flags & (1 << bit)) !== 0);
  return tokens.length === 0 ? null : tokens.join(",");
});

/** Above every die value (≤ 101 × 100), so packed ranking keys stay positive. */
const VALUE_CEILING = (LIMITS.explosionCap + 1) * LIMITS.maxDiceSides;
/** Above every die index (< 1000); a power of two so the index unpacks with a mask. */
const INDEX_SPAN = 1024;

/**
 * Rolls one dice group following docs/dice.md §3: per die in order, first roll, one reroll, capped
 * explosion, minimum; then keep/drop by final value; then the sum or success count of the kept
 * dice plus the modifier. Randomness is consumed in exactly that order.
 *
 * @param params - checked arguments (see `validateRollDice`)
 * @param random - the source of the dice
 */
export function rollDice(params: ValidRollDiceParams, random: RandomSource): RollResult {
  const count = params.dice_count;
  const sides = params.dice_sides;
  const values = new Int32Array(count);
  const flags = new Uint8Array(count);
  const dice: DieResult[] = new Array(count);
  const rerollSet = rerollLookup(params);
  const exploding = params.exploding === true;
  const minimum = params.min_value ?? 0;
  const limit = rejectionLimit(sides);

  for (let index = 0; index < count; index++) {
    let face = drawFace(random, sides, limit);
    const rolls = [face];
    let dieFlags = 0;
    if (rerollSet !== undefined && rerollSet[face] === 1) {
      face = drawFace(random, sides, limit);
      rolls.push(face);
      dieFlags = REROLLED;
    }
    let value = face;
    if (exploding && face === sides) {
      dieFlags |= EXPLODED | CAPPED;
      for (let extra = 0; extra < LIMITS.explosionCap; extra++) {
        const next = drawFace(random, sides, limit);
        rolls.push(next);
        value += next;
        if (next !== sides) {
          dieFlags &= ~CAPPED;
          break;
        }
      }
    }
    if (value < minimum) {
      value = minimum;
      dieFlags |= MIN_APPLIED;
    }
    values[index] = value;
    flags[index] = dieFlags;
    dice[index] = { die: index + 1, sides, rolls, value, kept: false, special: null };
  }
  const kept = markKept(params, values);
  return assembleResult(params, values, flags, dice, kept);
}

function rerollLookup(params: ValidRollDiceParams): Uint8Array | undefined {
  const faces = params.reroll;
  if (faces === undefined || faces.length === 0) return undefined;
  const lookup = new Uint8Array(params.dice_sides + 1);
  for (const face of faces) lookup[face] = 1;
  return lookup;
}

/**
 * Validated parameters are immutable, so their notation and description are rendered once
 * and reused; repeated rolls of one configuration (a benchmark, `roll_multiple` sets) skip it.
 */
const renderings = new WeakMap<ValidRollDiceParams, { operation: string; description: string }>();

function renderingOf(params: ValidRollDiceParams): { operation: string; description: string } {
  let rendering = renderings.get(params);
  if (rendering === undefined) {
    rendering = { operation: renderOperation(params), description: renderDescription(params) };
    renderings.set(params, rendering);
  }
  return rendering;
}

/**
 * Marks the kept dice (1) from one ranking by value descending, ties to the lower die number,
 * shared by all four selections (docs/dice.md §3 step 5).
 */
function markKept(params: ValidRollDiceParams, values: Int32Array): Uint8Array {
  const count = values.length;
  const kept = new Uint8Array(count);
  const selection = selectionOf(params);
  if (selection === undefined) return kept.fill(1);
  const ranking = rankByValue(values);
  let from = 0;
  let to = count;
  switch (selection.kind) {
    case "keep_highest":
      to = selection.count;
      break;
    case "keep_lowest":
      from = count - selection.count;
      break;
    case "drop_highest":
      from = selection.count;
      break;
    case "drop_lowest":
      to = count - selection.count;
      break;
  }
  for (let rank = from; rank < to; rank++) kept[(ranking[rank] as number) & (INDEX_SPAN - 1)] = 1;
  return kept;
}

/** Packed keys (ceiling − value, index) sorted ascending: highest value first, then die order. */
function rankByValue(values: Int32Array): Int32Array {
  const count = values.length;
  const keys = new Int32Array(count);
  for (let index = 0; index < count; index++) {
    keys[index] = (VALUE_CEILING - (values[index] as number)) * INDEX_SPAN + index;
  }
  if (count <= 16) insertionSort(keys);
  else keys.sort();
  return keys;
}

function insertionSort(keys: Int32Array): void {
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i] as number;
    let j = i - 1;
    while (j >= 0 && (keys[j] as number) > key) {
      keys[j + 1] = keys[j] as number;
      j--;
    }
    keys[j + 1] = key;
  }
}

function assembleResult(
  params: ValidRollDiceParams,
  values: Int32Array,
  flags: Uint8Array,
  dice: DieResult[],
  kept: Uint8Array,
): RollResult {
  const target = params.target_number;
  let sum = 0;
  let successes = 0;
  for (let index = 0; index < values.length; index++) {
    const value = values[index] as number;
    const isKept = kept[index] === 1;
    let dieFlags = flags[index] as number;
    if (isKept) {
      sum += value;
      if (target !== undefined && value >= target) {
        successes++;
        dieFlags |= SUCCESS;
      }
    }
    const die = dice[index] as DieResult;
    die.kept = isKept;
    die.special = SPECIALS[dieFlags] ?? null;
  }
  const modifier = params.modifier ?? 0;
  const { operation, description } = renderingOf(params);
  const result: RollResult =
    target === undefined
      ? { total: sum + modifier, dice, operation, description }
      : {
          total: successes + modifier,
          successes,
          total_dice: values.length,
          dice,
          operation,
          description,
        };
  if (params.label !== undefined) result.label = params.label;
  return result;
}

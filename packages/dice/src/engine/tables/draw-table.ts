import type { RandomSource } from "@tabletop-mcp/kit/random";
import { rollFace } from "@tabletop-mcp/kit/random";
import { type RandomTable, rangeLabel } from "./random-table.js";

/** One draw from a table: the die rolled, what it showed, and the entry it selected. */
export interface TableDraw {
  /** 1-based draw number. */
  draw: number;
  /** The die rolled, e.g. `d6`; smaller than the table's die once entries are used up. */
  die: string;
  roll: number;
  entry: string;
  /** 0-based position of the entry in the table. */
  entry_index: number;
  /** The entry's range on the table's own die, e.g. `1-3`. */
  range: string;
}

/**
 * Draws `count` entries. With repeats every draw rolls the table's die. Without repeats each
 * drawn entry leaves the table: the remaining entries keep their order and widths and the next
 * draw rolls a die as large as their total, so every draw is one bounded roll.
 *
 * @param table - a validated table
 * @param options - number of draws and whether an entry may come up twice
 * @param random - the source of the rolls
 */
export function drawFromTable(
  table: RandomTable,
  options: { count: number; unique: boolean },
  random: RandomSource,
): TableDraw[] {
  const remaining = table.entries.map((entry, index) => ({
    entry,
    index,
    width: entry.high - entry.low + 1,
  }));
  let sides = table.sides;
  const draws: TableDraw[] = [];
  for (let draw = 1; draw <= options.count; draw++) {
    const roll = rollFace(random, sides);
    const position = options.unique
      ? positionInRemaining(remaining, roll)
      : positionByRange(remaining, roll);
    const picked = remaining[position] as (typeof remaining)[number];
    draws.push({
      draw,
      die: `d${sides}`,
      roll,
      entry: picked.entry.text,
      entry_index: picked.index,
      range: rangeLabel(picked.entry.low, picked.entry.high),
    });
    if (options.unique) {
      remaining.splice(position, 1);
      sides -= picked.width;
    }
  }
  return draws;
}

function positionByRange(
  entries: readonly { entry: { low: number; high: number } }[],
  roll: number,
): number {
  return entries.findIndex(({ entry }) => roll >= entry.low && roll <= entry.high);
}

function positionInRemaining(entries: readonly { width: number }[], roll: number): number {
  let covered = 0;
  return entries.findIndex(({ width }) => {
    covered += width;
    return roll <= covered;
  });
}

/** One entry of a random table and the faces of the table's die that select it. */
export interface TableEntry {
  readonly text: string;
  readonly low: number;
  readonly high: number;
}

/** A validated random table: entries covering 1..sides of one die, without gaps or overlaps. */
export interface RandomTable {
  readonly name?: string;
  /** Faces of the die that selects an entry (the total weight for weighted tables). */
  readonly sides: number;
  /** In table order; their ranges tile 1..sides. */
  readonly entries: readonly TableEntry[];
}

/** Bounds on tables and draws. */
export const TABLE_LIMITS = {
  maxEntries: 1000,
  maxSides: 1_000_000,
  maxWeight: 1_000_000,
  maxTextLength: 1000,
  maxNameLength: 100,
  maxCount: 100,
} as const;

/** How an entry is named in messages: `entries[1] ("Orcs", 4-6)`. */
export function describeEntry(index: number, text: string, low: number, high: number): string {
  const shown = text.length > 40 ? `${text.slice(0, 37)}...` : text;
  return `entries[${index}] (${JSON.stringify(shown)}, ${rangeLabel(low, high)})`;
}

/** `4` for a single face, `4-6` for several. */
export function rangeLabel(low: number, high: number): string {
  return low === high ? `${low}` : `${low}-${high}`;
}

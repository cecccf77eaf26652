import type { PagedCollection } from "./paged-collection.js";

/** Where a page starts and what bounds it. */
export interface PageBounds {
  /** Where each collection's page starts. */
  readonly offsets: readonly number[];
  /** At most this many items per collection; undefined leaves only the byte budget. */
  readonly limit: number | undefined;
  /** The byte budget of the page. */
  readonly budget: number;
  /** Bytes of the page with every collection empty and a cursor for a next page. */
  readonly openBytes: number;
  /** Bytes of the page with every collection empty and `next_cursor: null`. */
  readonly lastBytes: number;
}

/** The items a page shows. */
export interface PagePlan {
  /** `[start, end)` of each collection on this page. */
  readonly ranges: (readonly [number, number])[];
  /** Where the next page starts, or undefined when this page ends every collection. */
  readonly next: number[] | undefined;
}

/** Bytes of the items `start..end` of a collection with their commas, or Infinity past `cap`. */
function rangeBytes(collection: PagedCollection, start: number, end: number, cap: number): number {
  let bytes = Math.max(0, end - start - 1);
  for (let index = start; index < end && bytes <= cap; index++) bytes += collection.bytesAt(index);
  return bytes <= cap ? bytes : Number.POSITIVE_INFINITY;
}

/** The rest of every collection, if it fits on one last page under the limit and the budget. */
function lastPage(
  collections: readonly PagedCollection[],
  bounds: PageBounds,
): PagePlan | undefined {
  let bytes = bounds.lastBytes;
  let remaining = 0;
  const ranges = collections.map((collection, index) => {
    const start = bounds.offsets[index] ?? 0;
    remaining += collection.length - start;
    return [start, collection.length] as const;
  });
  if (ranges.some(([start, end]) => end - start > (bounds.limit ?? Number.POSITIVE_INFINITY))) {
    return undefined;
  }
  for (const [index, [start, end]] of ranges.entries()) {
    const collection = collections[index] as PagedCollection;
    bytes += rangeBytes(collection, start, end, bounds.budget - bytes);
  }
  return remaining === 0 || bytes <= bounds.budget ? { ranges, next: undefined } : undefined;
}

/**
 * Chooses the items of a page: the collections are filled in order, each from its offset and
 * with at most `limit` items, until the next item would push the page past the budget. A page
 * always holds at least one item, so a single item larger than the budget makes a one-item page
 * that exceeds it (docs/world.md §5.2).
 *
 * @param collections - the answer's collections
 * @param bounds - offsets, limit and byte budget
 * @returns the ranges shown and where the next page starts
 */
export function planPage(collections: readonly PagedCollection[], bounds: PageBounds): PagePlan {
  const last = lastPage(collections, bounds);
  if (last !== undefined) return last;
  let used = bounds.openBytes;
  let taken = 0;
  let full = false;
  const ranges = collections.map((collection, index) => {
    const start = bounds.offsets[index] ?? 0;
    const cap = Math.min(bounds.limit ?? Number.POSITIVE_INFINITY, collection.length - start);
    let end = start;
    while (!full && end - start < cap) {
      const cost = collection.bytesAt(end) + (end > start ? 1 : 0);
      if (taken > 0 && used + cost > bounds.budget) {
        full = true;
        break;
      }
      used += cost;
      taken++;
      end++;
      full = used >= bounds.budget;
    }
    return [start, end] as const;
  });
  const next = ranges.map(([, end]) => end);
  const finished = next.every((end, index) => end === collections[index]?.length);
  return { ranges, next: finished ? undefined : next };
}

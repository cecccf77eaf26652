import { jsonBytes } from "./answer-budget.js";

/**
 * One list of an answer that pages: an array, or an object paged by its keys in their order.
 * An item is measured the first time a page needs its size and never again, so a page is planned
 * without serialising anything, and the first page of a huge answer measures little more than
 * itself.
 */
export interface PagedCollection {
  /** The answer's key that holds the collection. */
  readonly name: string;
  /** How many items the whole answer holds. */
  readonly length: number;
  /** The collection with no items: `[]` or `{}`. */
  readonly empty: unknown;
  /** Bytes of item `index` inside the collection's JSON, without a separating comma. */
  bytesAt(index: number): number;
  /** Items `start` to `end` (exclusive), as the collection's JSON value. */
  slice(start: number, end: number): unknown;
}

/**
 * An array collection whose items already exist.
 *
 * @param name - the answer's key
 * @param items - every item, in the answer's order
 * @returns the collection, its items measured
 */
export function arrayCollection(name: string, items: readonly unknown[]): PagedCollection {
  return {
    name,
    length: items.length,
    empty: [],
    bytesAt: measuredOnce(items.length, (index) => jsonBytes(items[index])),
    slice: (start, end) => items.slice(start, end),
  };
}

/**
 * Remembers each item's size after measuring it. No item's JSON is empty, so 0 marks an item
 * not yet measured.
 */
function measuredOnce(length: number, measure: (index: number) => number) {
  const bytes = new Uint32Array(length);
  return (index: number): number => {
    let size = bytes[index] ?? 0;
    if (size === 0) {
      size = measure(index);
      bytes[index] = size;
    }
    return size;
  };
}

/**
 * An object collection whose values are made only for the page that shows them, so that an
 * answer far larger than memory can still be paged (every shortest path of a long chain).
 *
 * @param name - the answer's key
 * @param keys - the keys in the order a JavaScript object lists them (see {@link objectKeyOrder})
 * @param valueBytes - bytes of the value under a key, known without making it
 * @param makeValue - makes the value under a key
 * @returns the collection
 */
export function lazyObjectCollection(
  name: string,
  keys: readonly string[],
  valueBytes: (key: string) => number,
  makeValue: (key: string) => unknown,
): PagedCollection {
  return {
    name,
    length: keys.length,
    empty: {},
    bytesAt: measuredOnce(keys.length, (index) => {
      const key = keys[index] ?? "";
      return jsonBytes(key) + 1 + valueBytes(key);
    }),
    slice: (start, end) =>
      Object.fromEntries(keys.slice(start, end).map((key) => [key, makeValue(key)])),
  };
}

/**
 * The order in which an object made from these keys lists them: integer-like keys (`"12"`, a
 * location named "# 12") come first in numeric order, as JavaScript and so `JSON.stringify`
 * put them, then the others in the given order.
 *
 * @param keys - keys in insertion order
 * @returns the same keys in the object's order
 */
export function objectKeyOrder(keys: readonly string[]): string[] {
  if (!keys.some(isArrayIndex)) return [...keys];
  return Object.keys(Object.fromEntries(keys.map((key) => [key, 0])));
}

/** Whether an object lists this key first: a canonical integer below 2^32 - 1. */
function isArrayIndex(key: string): boolean {
  return /^(?:0|[1-9][0-9]*)$/.test(key) && Number(key) < 4_294_967_295;
}

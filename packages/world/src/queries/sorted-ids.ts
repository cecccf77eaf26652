/** The sorted keys of each world JSON block: a snapshot never changes, and sorting is not free. */
const sortedKeysOfBlock = new WeakMap<object, readonly string[]>();

/**
 * The keys of a world JSON block sorted by code point, or none when the block is absent.
 *
 * @param block - a map such as `world.locations`
 * @returns its keys in code-point order, a fresh array the caller may keep
 */
export function sortedKeys(block: Readonly<Record<string, unknown>> | undefined): string[] {
  if (block === undefined) return [];
  let sorted = sortedKeysOfBlock.get(block);
  if (sorted === undefined) {
    // The default sort compares UTF-16 code units, the order compareCodePoints gives, natively.
    sorted = Object.keys(block).sort();
    sortedKeysOfBlock.set(block, sorted);
  }
  return [...sorted];
}

/** Orders strings by UTF-16 code units, which is code-point order for the ids Urd makes. */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

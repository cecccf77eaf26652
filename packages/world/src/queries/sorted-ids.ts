/**
 * The keys of a world JSON block sorted by code point, or none when the block is absent.
 *
 * @param block - a map such as `world.locations`
 * @returns its keys in code-point order
 */
export function sortedKeys(block: Readonly<Record<string, unknown>> | undefined): string[] {
  return block === undefined ? [] : Object.keys(block).sort(compareCodePoints);
}

/** Orders strings by UTF-16 code units, which is code-point order for the ids Urd makes. */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/**
 * The longest start of a list whose items, as elements of a compact JSON array, fit in a byte
 * budget; at least one item, so that a page always moves on. Each item is measured by the UTF-8
 * bytes of its JSON plus the comma before it.
 *
 * @param items - the items in page order
 * @param budget - the bytes the items may take
 * @returns how many items fit
 */
export function itemsWithinBudget(items: readonly unknown[], budget: number): number {
  let used = 0;
  for (const [index, item] of items.entries()) {
    used += Buffer.byteLength(JSON.stringify(item)) + (index > 0 ? 1 : 0);
    if (used > budget && index > 0) return index;
  }
  return items.length;
}

/**
 * The items of a list built by pushing, in an array of its own length. An array grown from empty
 * keeps room for sixteen more items; the compiler's results hold thousands of short lists, and
 * the garbage collector copies every spare slot of each one that lives through a collection.
 * An empty list is returned as it is: it has no room to spare.
 *
 * @param items - a list that will not grow again
 * @returns the same items in an array that holds no spare room
 */
export function compact<T>(items: T[]): T[] {
  return items.length === 0 ? items : items.slice();
}

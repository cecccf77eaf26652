/**
 * The value stored under `key` in a world JSON map, ignoring inherited members, so that an id
 * such as `constructor` or `__proto__` is simply not found.
 *
 * @param block - a map such as `world.entities`, or undefined when the block is absent
 * @param key - the id to look up
 * @returns the entry, or undefined
 */
export function ownEntry<Value>(
  block: Readonly<Record<string, Value>> | undefined,
  key: string,
): Value | undefined {
  return block !== undefined && Object.hasOwn(block, key) ? block[key] : undefined;
}

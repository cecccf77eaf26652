/**
 * Orders files dependencies first: among the files whose imports are all
 * placed, the smallest path goes next; the entry file is placed last.
 * Files caught in a cycle are appended in path order.
 */
export function orderFiles(
  entry: string,
  files: readonly string[],
  importsOf: ReadonlyMap<string, readonly string[]>,
): string[] {
  const placed = new Set<string>();
  const order: string[] = [];
  const others = files.filter((file) => file !== entry).sort();
  let progressed = true;
  while (progressed) {
    progressed = false;
    for (const file of others) {
      if (placed.has(file)) continue;
      const ready = (importsOf.get(file) ?? []).every((dependency) => placed.has(dependency));
      if (!ready) continue;
      placed.add(file);
      order.push(file);
      progressed = true;
      break;
    }
  }
  for (const file of others) if (!placed.has(file)) order.push(file);
  order.push(entry);
  return order;
}

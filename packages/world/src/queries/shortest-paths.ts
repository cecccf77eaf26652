/** Destinations of each location, over the exits that may be taken. */
export type Adjacency = ReadonlyMap<string, readonly string[]>;

/**
 * Builds an adjacency map whose destination lists are distinct and sorted, so that a
 * breadth-first search breaks ties alphabetically.
 *
 * @param edges - `[from, to]` pairs
 * @returns the adjacency map
 */
export function sortedAdjacency(edges: Iterable<readonly [string, string]>): Adjacency {
  const adjacency = new Map<string, string[]>();
  for (const [from, to] of edges) {
    const destinations = adjacency.get(from);
    if (destinations === undefined) adjacency.set(from, [to]);
    else destinations.push(to);
  }
  for (const [from, destinations] of adjacency) {
    if (destinations.length > 1) adjacency.set(from, distinctSorted(destinations));
  }
  return adjacency;
}

/** The distinct strings of a list in code-point order (the default sort compares code units). */
function distinctSorted(list: string[]): string[] {
  const sorted = list.sort();
  return sorted.filter((item, index) => index === 0 || item !== sorted[index - 1]);
}

/**
 * Breadth-first search from `start`: each location's parent on a shortest path, recorded on
 * first visit (the start maps to itself).
 *
 * @param adjacency - sorted destinations per location
 * @param start - where the search begins
 * @returns parents of every reachable location
 */
export function breadthFirstParents(adjacency: Adjacency, start: string): Map<string, string> {
  const parents = new Map<string, string>([[start, start]]);
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const location = queue[head] as string;
    for (const next of adjacency.get(location) ?? []) {
      if (parents.has(next)) continue;
      parents.set(next, location);
      queue.push(next);
    }
  }
  return parents;
}

/**
 * The path `[start, …, target]` through recorded parents.
 *
 * @param parents - from {@link breadthFirstParents}
 * @param target - a reachable location
 * @returns the locations along the path
 */
export function pathTo(parents: ReadonlyMap<string, string>, target: string): string[] {
  const path = [target];
  let current = target;
  for (let parent = parents.get(current); parent !== undefined && parent !== current; ) {
    path.push(parent);
    current = parent;
    parent = parents.get(current);
  }
  return path.reverse();
}

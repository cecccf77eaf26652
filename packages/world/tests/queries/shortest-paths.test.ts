import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { breadthFirstParents, pathTo, sortedAdjacency } from "../../src/queries/shortest-paths.js";

/** Distances from `start` by repeated relaxation, independent of the search under test. */
function referenceDistances(edges: [string, string][], start: string): Map<string, number> {
  const distance = new Map([[start, 0]]);
  for (let changed = true; changed; ) {
    changed = false;
    for (const [from, to] of edges) {
      const through = distance.get(from);
      if (through === undefined) continue;
      const known = distance.get(to);
      if (known === undefined || through + 1 < known) {
        distance.set(to, through + 1);
        changed = true;
      }
    }
  }
  return distance;
}

describe("breadth-first shortest paths", () => {
  it("breaks ties between equally short paths alphabetically", () => {
    const adjacency = sortedAdjacency([
      ["start", "zebra"],
      ["start", "apple"],
      ["zebra", "goal"],
      ["apple", "goal"],
    ]);
    expect(pathTo(breadthFirstParents(adjacency, "start"), "goal")).toEqual([
      "start",
      "apple",
      "goal",
    ]);
  });

  it("reaches exactly the reference set, each by a valid path of the shortest length", () => {
    const node = fc.constantFrom("a", "b", "c", "d", "e", "f", "g");
    fc.assert(
      fc.property(fc.array(fc.tuple(node, node), { maxLength: 20 }), (edges) => {
        const parents = breadthFirstParents(sortedAdjacency(edges), "a");
        const distances = referenceDistances(edges, "a");
        expect(new Set(parents.keys())).toEqual(new Set(distances.keys()));
        const edgeSet = new Set(edges.map(([from, to]) => `${from}>${to}`));
        for (const [target, distance] of distances) {
          const path = pathTo(parents, target);
          expect(path.length - 1).toBe(distance);
          expect(path[0]).toBe("a");
          for (let step = 1; step < path.length; step++) {
            expect(edgeSet.has(`${path[step - 1]}>${path[step]}`)).toBe(true);
          }
        }
      }),
    );
  });
});

import { jsonBytes } from "../paging/answer-budget.js";
import { type PageableAnswer, pageableAnswer } from "../paging/pageable-answer.js";
import {
  arrayCollection,
  lazyObjectCollection,
  objectKeyOrder,
  type PagedCollection,
} from "../paging/paged-collection.js";
import { parentLinks, reachabilityPayload } from "./get-reachable-locations.js";
import type { ReachabilitySearch } from "./reachability-search.js";
import { pathTo } from "./shortest-paths.js";

/**
 * The bytes of the JSON array of each shortest path, from the search's parents alone: a path is
 * its parent's path plus one location, and the search reached every parent before its child.
 */
function pathByteLengths(parents: ReadonlyMap<string, string>): Map<string, number> {
  const bytes = new Map<string, number>();
  for (const [location, parent] of parents) {
    const own = jsonBytes(location);
    bytes.set(location, location === parent ? own + 2 : (bytes.get(parent) ?? 2) + 1 + own);
  }
  return bytes;
}

/** `paths`, each path written out only when a page shows it. */
function pathsCollection(search: ReachabilitySearch): PagedCollection {
  const bytes = pathByteLengths(search.parents);
  const keys = objectKeyOrder(search.reachable.filter((location) => location !== search.from));
  return lazyObjectCollection(
    "paths",
    keys,
    (key) => bytes.get(key) ?? 0,
    (key) => pathTo(search.parents, key),
  );
}

/**
 * The reachability answer for paging: `reachable`, `unreachable`, then `paths` or `parents`,
 * then with conditions respected `blocked_exits` and `unevaluated_exits`. Paths are measured
 * from the parents and written out a page at a time, so the answer for a chain of thousands of
 * rooms, whose paths together take hundreds of megabytes, costs memory in proportion to the
 * world (docs/world.md §5.4).
 *
 * @param search - what the search found
 * @param includePaths - paths (true) or parents (false)
 * @returns the pageable answer
 */
export function reachablePages(search: ReachabilitySearch, includePaths: boolean): PageableAnswer {
  const routes = includePaths ? { paths: {} } : { parents: parentLinks(search) };
  const collections = [
    arrayCollection("reachable", search.reachable),
    arrayCollection("unreachable", search.unreachable),
    "paths" in routes ? pathsCollection(search) : arrayCollection("parents", routes.parents),
    ...(search.guarded === undefined
      ? []
      : [
          arrayCollection("blocked_exits", search.guarded.blocked_exits),
          arrayCollection("unevaluated_exits", search.guarded.unevaluated_exits),
        ]),
  ];
  return pageableAnswer(reachabilityPayload(search, routes), collections);
}

import type { CompiledWorld } from "../world/compiled-world.js";
import type { GuardedExit } from "./judged-exits.js";
import {
  type ReachabilityOptions,
  type ReachabilitySearch,
  type ReachableLocationsError,
  searchReachable,
} from "./reachability-search.js";
import { SCHEMA_VERSION, type Versioned } from "./schema-version.js";
import { pathTo } from "./shortest-paths.js";

/** Where the breadth-first search first reached a location from. */
export interface ParentLink {
  location: string;
  via: string;
}

/** `get_reachable_locations`'s payload (docs/world.md §4.6, §5.4). */
export interface ReachableLocations extends Versioned {
  from: string;
  reachable: string[];
  unreachable: string[];
  path_count: number;
  /** A shortest path to each reachable location but `from`; absent when `parents` is given. */
  paths?: Record<string, string[]>;
  /** Each reachable location's parent, instead of `paths`, in `reachable` order. */
  parents?: ParentLink[];
  respect_conditions?: true;
  blocked_exits?: GuardedExit[];
  unevaluated_exits?: GuardedExit[];
}

/** How the answer shows the way to each location: whole paths, or the parent of each. */
export type Routes = { paths: Record<string, string[]> } | { parents: ParentLink[] };

/** Conditional reachability, and whether to write out every path. */
export interface ReachableLocationsOptions extends ReachabilityOptions {
  /** False gives `parents` instead of `paths`; true by default. */
  includePaths?: boolean | undefined;
}

/**
 * The payload of a search, keys in the answer's order.
 *
 * @param search - what the search found
 * @param routes - the paths or the parents
 * @returns the payload
 */
export function reachabilityPayload(
  search: ReachabilitySearch,
  routes: Routes,
): ReachableLocations {
  return {
    schema_version: SCHEMA_VERSION,
    from: search.from,
    reachable: search.reachable,
    unreachable: search.unreachable,
    path_count: search.reachable.length,
    ...routes,
    ...(search.guarded === undefined ? {} : { respect_conditions: true, ...search.guarded }),
  };
}

/**
 * Each reachable location but the start with the location the search reached it from.
 *
 * @param search - what the search found
 * @returns the links in `reachable` order
 */
export function parentLinks(search: ReachabilitySearch): ParentLink[] {
  return search.reachable
    .filter((location) => location !== search.from)
    .map((location) => ({ location, via: search.parents.get(location) ?? search.from }));
}

/**
 * Which locations can be reached from `from` by following exits, with a shortest path to each
 * (ties broken alphabetically), or with each location's parent when `includePaths` is false.
 * Exit guards are ignored unless `respectConditions` is set; then an exit whose guard is false
 * under `state` is not taken, and the exits the search met that were blocked or could not be
 * judged are listed. This writes out every path at once: on a huge world ask for
 * `includePaths: false`, or page the tool's answer.
 *
 * @param compiled - one compilation's data
 * @param from - the starting location id
 * @param options - conditional reachability and paths or parents
 * @returns the payload, or the error object (docs/world.md §3.3)
 */
export function getReachableLocations(
  compiled: CompiledWorld,
  from: string,
  options: ReachableLocationsOptions = {},
): ReachableLocations | ReachableLocationsError {
  const search = searchReachable(compiled, from, options);
  if ("error" in search) return search;
  if (options.includePaths === false) {
    return reachabilityPayload(search, { parents: parentLinks(search) });
  }
  const paths = Object.fromEntries(
    search.reachable
      .filter((location) => location !== from)
      .map((location) => [location, pathTo(search.parents, location)]),
  );
  return reachabilityPayload(search, { paths });
}

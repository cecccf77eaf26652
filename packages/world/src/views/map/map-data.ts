import {
  type App,
  callServerTool,
  isJsonObject,
  refusalMessage,
  stringOr,
  successContent,
} from "@tabletop-mcp/views/app";
import {
  type ExitGraph,
  type Reachability,
  readExitGraph,
  readReachability,
} from "./exit-graph.js";

/** How far around a location a large world's map reaches (exits in either direction). */
export const NEIGHBOURHOOD_RADIUS = 2;
/** At most this many pages of a reachable set are read for one choice. */
const MAX_REACHABILITY_PAGES = 50;

/** A graph to draw, and what part of the world it is when it is not the whole. */
export interface MapScope {
  readonly graph: ExitGraph;
  /** The location whose neighbourhood is shown, for a world too large to draw whole. */
  readonly around: string | undefined;
}

/** A refusal from the server, carried as a value so the view can show it. */
export class Refused extends Error {}

async function exitGraph(app: App, args: Record<string, unknown>): Promise<ExitGraph> {
  const result = await callServerTool(app, "get_exit_graph", args);
  const content = successContent(result);
  const graph = content ? readExitGraph(content) : undefined;
  if (!graph) throw new Refused(refusalMessage(result) ?? "get_exit_graph gave no graph");
  return graph;
}

async function startLocation(app: App): Promise<string> {
  const content = successContent(await callServerTool(app, "get_world_metadata", {}));
  return stringOr(content?.start_location, "");
}

/**
 * The neighbourhood of a location: the locations within {@link NEIGHBOURHOOD_RADIUS} exits
 * of it and the exits between them.
 *
 * @param app - the view's connection
 * @param around - the location at the centre
 * @returns the scope
 * @throws Refused with the server's message when the server refuses
 */
export async function neighbourhood(app: App, around: string): Promise<MapScope> {
  return { graph: await exitGraph(app, { around, radius: NEIGHBOURHOOD_RADIUS }), around };
}

/**
 * What to draw for a graph the host delivered: the graph itself when it is whole, else the
 * neighbourhood of `centre` (the world's start location by default).
 *
 * @param app - the view's connection
 * @param delivered - the graph of the result shown, or `undefined` to ask for the whole graph
 * @param centre - where a large world's neighbourhood is centred
 * @returns the scope
 * @throws Refused with the server's message when the server refuses
 */
export async function mapScope(
  app: App,
  delivered: ExitGraph | undefined,
  centre: string | undefined,
): Promise<MapScope> {
  const graph = delivered ?? (await exitGraph(app, {}));
  if (!graph.partial) return { graph, around: undefined };
  return neighbourhood(app, centre ?? (await startLocation(app)));
}

/**
 * A location's reachable set from get_reachable_locations, reading every page of a large one.
 * The map draws no paths, so it asks for the search's parents instead (`include_paths: false`),
 * which keeps a large world's answer to a few pages.
 *
 * @param app - the view's connection
 * @param from - the chosen location
 * @returns its reachability
 * @throws Refused with the server's message when the server refuses
 */
export async function reachabilityFrom(app: App, from: string): Promise<Reachability> {
  const reachable = new Set<string>();
  const unreachable: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_REACHABILITY_PAGES; page += 1) {
    const result = await callServerTool(app, "get_reachable_locations", {
      from,
      include_paths: false,
      ...(cursor === undefined ? {} : { cursor }),
    });
    const content = successContent(result);
    const read = content ? readReachability(content) : undefined;
    if (!content || !read) throw new Refused(refusalMessage(result) ?? "no reachable set");
    for (const id of read.reachable) reachable.add(id);
    unreachable.push(...read.unreachable);
    const next = isJsonObject(content.page) ? content.page.next_cursor : undefined;
    if (typeof next !== "string") break;
    cursor = next;
  }
  return { from, reachable, unreachable };
}

import { isJsonObject, type JsonObject, objectsOf, stringOr } from "@tabletop-mcp/views/app";

/** One exit: from a location to another, under a guard or not. */
export interface Exit {
  readonly from: string;
  readonly to: string;
  readonly name: string;
  readonly conditional: boolean;
}

/** Locations and exits, as get_exit_graph reports them. */
export interface ExitGraph {
  readonly locations: readonly string[];
  readonly exits: readonly Exit[];
  /** True when the answer was one page of a graph too large for one answer. */
  readonly partial: boolean;
}

/** Which locations one location reaches, as get_reachable_locations reports it. */
export interface Reachability {
  readonly from: string;
  readonly reachable: ReadonlySet<string>;
  readonly unreachable: readonly string[];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item) => typeof item === "string") : [];
}

/**
 * The graph of a get_exit_graph answer.
 *
 * @param content - the result's structured content
 * @returns the graph, or `undefined` when the content is not an exit graph
 */
export function readExitGraph(content: JsonObject): ExitGraph | undefined {
  if (!Array.isArray(content.nodes) || !Array.isArray(content.edges)) return undefined;
  const page = isJsonObject(content.page) ? content.page : undefined;
  return {
    locations: strings(content.nodes),
    exits: objectsOf(content.edges).map((edge) => ({
      from: stringOr(edge.from, ""),
      to: stringOr(edge.to, ""),
      name: stringOr(edge.exit_name, ""),
      conditional: edge.is_conditional === true,
    })),
    partial: page !== undefined && typeof page.next_cursor === "string",
  };
}

/**
 * The reachable set of a get_reachable_locations answer.
 *
 * @param content - the result's structured content
 * @returns the reachability, or `undefined` when the content is not one
 */
export function readReachability(content: JsonObject): Reachability | undefined {
  if (typeof content.from !== "string" || !Array.isArray(content.reachable)) return undefined;
  return {
    from: content.from,
    reachable: new Set(strings(content.reachable)),
    unreachable: strings(content.unreachable),
  };
}

/**
 * The text alternative's count line, e.g. `12 locations, 15 exits`.
 *
 * @param graph - the graph shown
 * @returns the line
 */
export function countLine(graph: ExitGraph): string {
  const locations = graph.locations.length;
  const exits = graph.exits.length;
  return `${locations} ${locations === 1 ? "location" : "locations"}, ${exits} ${exits === 1 ? "exit" : "exits"}`;
}

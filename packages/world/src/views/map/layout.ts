import { graphlib, layout } from "@dagrejs/dagre";
import type { ExitGraph } from "./exit-graph.js";

/** A location placed on the map: its centre and size. */
export interface PlacedLocation {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** An exit drawn on the map: the points of its line, from its start to its arrow. */
export interface PlacedExit {
  readonly index: number;
  readonly points: ReadonlyArray<{ readonly x: number; readonly y: number }>;
}

/** The whole map laid out. */
export interface MapLayout {
  readonly locations: readonly PlacedLocation[];
  readonly exits: readonly PlacedExit[];
  readonly width: number;
  readonly height: number;
}

const NODE_HEIGHT = 30;
const CHARACTER_WIDTH = 7.2;
const NODE_PADDING = 22;

/**
 * Lays the map out with dagre: locations in ranks along their exits, exits routed around
 * them. Parallel exits between the same two locations each get their own line.
 *
 * @param graph - the locations and exits
 * @returns positions in map units (1 unit is 1 CSS pixel at zoom 1)
 */
export function layOut(graph: ExitGraph): MapLayout {
  const g = new graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: "TB", nodesep: 28, ranksep: 46, edgesep: 12, marginx: 12, marginy: 12 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const id of graph.locations) {
    g.setNode(id, { width: id.length * CHARACTER_WIDTH + NODE_PADDING, height: NODE_HEIGHT });
  }
  graph.exits.forEach((exit, index) => {
    g.setEdge(exit.from, exit.to, {}, String(index));
  });
  layout(g);
  const locations = graph.locations.map((id) => {
    const node = g.node(id);
    return { id, x: node.x ?? 0, y: node.y ?? 0, width: node.width, height: node.height };
  });
  const exits = graph.exits.map((exit, index) => ({
    index,
    points: g.edge({ v: exit.from, w: exit.to, name: String(index) })?.points ?? [],
  }));
  const label = g.graph();
  return { locations, exits, width: label.width ?? 0, height: label.height ?? 0 };
}

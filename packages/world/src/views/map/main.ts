import type { CallToolResult } from "@modelcontextprotocol/server";
import {
  type App,
  byId,
  element,
  refusalMessage,
  type ShownCall,
  showProblem,
  showRefusal,
  startView,
  successContent,
} from "@tabletop-mcp/views/app";
import {
  countLine,
  type ExitGraph,
  type Reachability,
  readExitGraph,
  readReachability,
} from "./exit-graph.js";
import { layOut } from "./layout.js";
import {
  type MapScope,
  mapScope,
  NEIGHBOURHOOD_RADIUS,
  neighbourhood,
  Refused,
  reachabilityFrom,
} from "./map-data.js";
import { drawMap, type MapDrawing, markReachability } from "./render-map.js";
import { MapViewport } from "./viewport.js";

/** The map on screen. */
interface ShownMap {
  readonly app: App;
  readonly scope: MapScope;
  readonly drawing: MapDrawing;
  readonly viewport: MapViewport;
  chosen: string | undefined;
}

/** The picture's height range in CSS pixels: tall enough to use, never taller than a screen. */
const MIN_HEIGHT = 160;
const MAX_HEIGHT = 520;

let shown: ShownMap | undefined;

function listing(names: Iterable<string>, limit = 30): string {
  const all = [...names];
  if (all.length === 0) return "none";
  const head = all.slice(0, limit).join(", ");
  return all.length > limit ? `${head} and ${all.length - limit} more` : head;
}

function writeTextAlternative(graph: ExitGraph): void {
  byId("map-summary").textContent = countLine(graph);
  byId("exit-list").replaceChildren(
    ...graph.exits.map((exit) =>
      element("li", {
        text: `${exit.from} → ${exit.to} (${exit.name}${exit.conditional ? ", conditional" : ""})`,
      }),
    ),
  );
}

function writeReachSummary(reach: Reachability): void {
  const total = reach.reachable.size + reach.unreachable.length;
  byId("reach-summary").textContent =
    `From ${reach.from}: ${reach.reachable.size} of ${total} locations reachable (${listing(reach.reachable)}). Unreachable: ${listing(reach.unreachable)}.`;
}

async function choose(id: string): Promise<void> {
  const map = shown;
  if (!map) return;
  try {
    const reach = await reachabilityFrom(map.app, id);
    showRefusal(undefined);
    showReach(map, reach);
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    showRefusal(error.message);
  }
}

function showReach(map: ShownMap, reach: Reachability): void {
  map.chosen = reach.from;
  markReachability(map.drawing, map.scope.graph, reach);
  writeReachSummary(reach);
  byId("centre-here").hidden = map.scope.around === undefined;
}

function pictureHeight(width: number, height: number): number {
  const available = byId("map").clientWidth || width;
  const scaled = height * Math.min(1, available / Math.max(width, 1));
  return Math.round(Math.min(Math.max(scaled, MIN_HEIGHT), MAX_HEIGHT));
}

function render(app: App, scope: MapScope): ShownMap {
  const placed = layOut(scope.graph);
  const drawing = drawMap(scope.graph, placed, {
    choose: (id) => void choose(id).catch(showProblem),
    clickEndedDrag: () => viewport.wasDrag,
  });
  drawing.svg.style.height = `${pictureHeight(placed.width, placed.height)}px`;
  byId("map").replaceChildren(drawing.svg);
  const viewport = new MapViewport(drawing.svg, placed);
  writeTextAlternative(scope.graph);
  byId("map-scope").hidden = scope.around === undefined;
  byId("map-scope").textContent = scope.around
    ? `This world is too large to draw whole: showing the locations within ${NEIGHBOURHOOD_RADIUS} exits of ${scope.around}.`
    : "";
  byId("reach-summary").textContent = "";
  byId("centre-here").hidden = true;
  const map: ShownMap = { app, scope, drawing, viewport, chosen: undefined };
  shown = map;
  return map;
}

async function centreOnChosen(): Promise<void> {
  const map = shown;
  if (!map?.chosen) return;
  const chosen = map.chosen;
  const next = render(map.app, await neighbourhood(map.app, chosen));
  await choose(chosen);
  next.drawing.locations.get(chosen)?.focus();
}

async function showResult(result: CallToolResult, call: ShownCall): Promise<void> {
  showRefusal(refusalMessage(result));
  const content = successContent(result);
  if (!content) return;
  const reach = readReachability(content);
  try {
    const map = render(call.app, await mapScope(call.app, readExitGraph(content), reach?.from));
    if (reach) showReach(map, reach);
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    showRefusal(error.message);
  }
}

byId("zoom-in").addEventListener("click", () => shown?.viewport.zoom(1.25));
byId("zoom-out").addEventListener("click", () => shown?.viewport.zoom(0.8));
byId("zoom-reset").addEventListener("click", () => shown?.viewport.reset());
byId("centre-here").addEventListener("click", () => void centreOnChosen().catch(showProblem));
void startView({ name: "tabletop-world map", showResult });

import { svgElement } from "@tabletop-mcp/views/app";
import type { ExitGraph, Reachability } from "./exit-graph.js";
import type { MapLayout, PlacedLocation } from "./layout.js";

/** The drawn map: its picture and the shapes that change when a location is chosen. */
export interface MapDrawing {
  readonly svg: SVGSVGElement;
  readonly locations: ReadonlyMap<string, SVGGElement>;
  readonly exits: readonly SVGPathElement[];
}

const ARROW_ID = "exit-arrow";

function arrowMarker(): SVGDefsElement {
  return svgElement("defs", {}, [
    svgElement(
      "marker",
      {
        id: ARROW_ID,
        viewBox: "0 0 10 10",
        refX: 9,
        refY: 5,
        markerWidth: 7,
        markerHeight: 7,
        orient: "auto-start-reverse",
      },
      [svgElement("path", { d: "M0,0 L10,5 L0,10 z", class: "exit-arrow" })],
    ),
  ]);
}

function exitPath(
  points: ReadonlyArray<{ x: number; y: number }>,
  conditional: boolean,
): SVGPathElement {
  const d = points
    .map((point, index) => `${index === 0 ? "M" : "L"}${point.x},${point.y}`)
    .join(" ");
  return svgElement("path", {
    d,
    class: conditional ? "exit exit-conditional" : "exit",
    "marker-end": `url(#${ARROW_ID})`,
  });
}

/** What a chosen location does, and whether a click was the end of a drag (not a choice). */
export interface LocationChoice {
  choose(id: string): void;
  clickEndedDrag(): boolean;
}

function locationShape(place: PlacedLocation, choice: LocationChoice): SVGGElement {
  const shape = svgElement(
    "g",
    {
      class: "location",
      role: "button",
      tabindex: 0,
      "aria-label": place.id,
      "aria-pressed": "false",
      "data-location": place.id,
    },
    [
      svgElement("rect", {
        x: place.x - place.width / 2,
        y: place.y - place.height / 2,
        width: place.width,
        height: place.height,
        rx: 7,
      }),
      svgElement(
        "text",
        { x: place.x, y: place.y, "dominant-baseline": "central", "text-anchor": "middle" },
        [place.id],
      ),
    ],
  );
  shape.addEventListener("click", () => {
    if (!choice.clickEndedDrag()) choice.choose(place.id);
  });
  shape.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    choice.choose(place.id);
  });
  return shape;
}

/**
 * Draws the laid-out map: exits as arrows (dashed when guarded), locations as labelled boxes
 * that are buttons (click, Enter or Space chooses one). The exits are decoration to screen
 * readers, which read the text alternative instead.
 *
 * @param graph - the locations and exits
 * @param placed - their layout
 * @param choice - what choosing a location does
 * @returns the picture and its shapes
 */
export function drawMap(graph: ExitGraph, placed: MapLayout, choice: LocationChoice): MapDrawing {
  const exits = placed.exits.map((exit) =>
    exitPath(exit.points, graph.exits[exit.index]?.conditional === true),
  );
  const locations = new Map(
    placed.locations.map((place) => [place.id, locationShape(place, choice)]),
  );
  const svg = svgElement(
    "svg",
    {
      class: "map-graphic",
      role: "group",
      tabindex: 0,
      "aria-label": "Map: arrow keys pan, plus and minus zoom, 0 shows the whole map",
      preserveAspectRatio: "xMidYMid meet",
    },
    [
      arrowMarker(),
      svgElement("g", { class: "exits", "aria-hidden": "true" }, exits),
      svgElement("g", { class: "locations" }, [...locations.values()]),
    ],
  );
  return { svg, locations, exits };
}

/**
 * Marks the chosen location and greys what it cannot reach (and the exits out of those), or
 * clears the marks.
 *
 * @param drawing - the drawn map
 * @param graph - the locations and exits drawn
 * @param reach - the chosen location's reachable set, or `undefined` to clear
 */
export function markReachability(
  drawing: MapDrawing,
  graph: ExitGraph,
  reach: Reachability | undefined,
): void {
  for (const [id, shape] of drawing.locations) {
    const chosen = reach?.from === id;
    shape.classList.toggle("location-chosen", chosen);
    shape.classList.toggle("location-unreachable", reach !== undefined && !reach.reachable.has(id));
    shape.setAttribute("aria-pressed", String(chosen));
  }
  drawing.exits.forEach((path, index) => {
    const from = graph.exits[index]?.from ?? "";
    path.classList.toggle("exit-unreachable", reach !== undefined && !reach.reachable.has(from));
  });
}

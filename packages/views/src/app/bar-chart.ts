import { element, svgElement } from "./dom.js";
import { formatPercent } from "./format.js";

/** One bar: what it stands for and its probability. */
export interface Bar {
  /** The bar's name under it and in the table, e.g. a total `12` or `Critical success`. */
  readonly label: string;
  readonly probability: number;
  /** Whether the bar is part of the probability that was asked for. */
  readonly highlighted: boolean;
}

/** A bar chart of a distribution with its text alternative. */
export interface BarChartSpec {
  /** What the chart shows, read first by screen readers, e.g. `Distribution of 2d6`. */
  readonly title: string;
  /** The heading of the table's first column, e.g. `Total` or `Outcome`. */
  readonly labelHeading: string;
  readonly bars: readonly Bar[];
  /** A line across the bars, e.g. at the mean: its place in bars (fractional) and its name. */
  readonly marker?: { readonly position: number; readonly label: string };
}

const CHART_HEIGHT = 100;
const BAR_WIDTH = 10;
const BAR_GAP = 2;

/** Shows a label under every bar when they fit, else about ten evenly spaced ones. */
function labelStep(count: number): number {
  return count <= 24 ? 1 : Math.ceil(count / 10);
}

function barGraphic(bar: Bar, index: number, scale: number): SVGRectElement {
  const height = Math.max(bar.probability > 0 ? 0.5 : 0, bar.probability * scale);
  return svgElement(
    "rect",
    {
      x: index * (BAR_WIDTH + BAR_GAP),
      y: CHART_HEIGHT - height,
      width: BAR_WIDTH,
      height,
      class: bar.highlighted ? "bar bar-highlighted" : "bar",
    },
    [svgElement("title", {}, [`${bar.label}: ${formatPercent(bar.probability)}`])],
  );
}

/** The marker runs through the middle of the bar at its position (a fraction between bars). */
function markerLine(marker: NonNullable<BarChartSpec["marker"]>): SVGLineElement {
  const x = marker.position * (BAR_WIDTH + BAR_GAP) + BAR_WIDTH / 2;
  return svgElement("line", { x1: x, x2: x, y1: 0, y2: CHART_HEIGHT, class: "chart-marker" }, [
    svgElement("title", {}, [marker.label]),
  ]);
}

/** The bars stretch to the figure's width; their labels are text beside, so they never do. */
function chartGraphic(spec: BarChartSpec): SVGSVGElement {
  const tallest = Math.max(...spec.bars.map((bar) => bar.probability), Number.MIN_VALUE);
  const scale = (CHART_HEIGHT - 2) / tallest;
  const width = Math.max(1, spec.bars.length * (BAR_WIDTH + BAR_GAP) - BAR_GAP);
  const shapes: SVGElement[] = spec.bars.map((bar, index) => barGraphic(bar, index, scale));
  if (spec.marker) shapes.push(markerLine(spec.marker));
  return svgElement(
    "svg",
    {
      class: "chart-graphic",
      viewBox: `0 0 ${width} ${CHART_HEIGHT}`,
      preserveAspectRatio: "none",
      "aria-hidden": "true",
      focusable: "false",
    },
    shapes,
  );
}

function chartAxis(spec: BarChartSpec): HTMLElement {
  const step = labelStep(spec.bars.length);
  const labels = spec.bars.map((bar, index) =>
    element("span", { className: "chart-axis-label", text: index % step === 0 ? bar.label : "" }),
  );
  const axis = element(
    "div",
    { className: "chart-axis", attributes: { "aria-hidden": "true" } },
    labels,
  );
  axis.style.gridTemplateColumns = `repeat(${spec.bars.length}, 1fr)`;
  return axis;
}

function chartTable(spec: BarChartSpec): HTMLTableElement {
  const head = element("thead", {}, [
    element("tr", {}, [
      element("th", { text: spec.labelHeading, attributes: { scope: "col" } }),
      element("th", { text: "Probability", attributes: { scope: "col" } }),
    ]),
  ]);
  const rows = spec.bars.map((bar) =>
    element("tr", { className: bar.highlighted ? "row-highlighted" : "" }, [
      element("th", { text: bar.label, attributes: { scope: "row" } }),
      element("td", { text: formatPercent(bar.probability) }),
    ]),
  );
  return element("table", { className: "chart-table" }, [head, element("tbody", {}, rows)]);
}

/**
 * A bar chart in SVG with the same numbers as a table: the picture is hidden from screen
 * readers, which read the figure's caption and the table (behind a disclosure for sighted
 * readers). Highlighted bars and rows are the part of the distribution that was asked for.
 *
 * @param spec - the title, the table's label heading and the bars
 * @returns the figure
 */
export function barChart(spec: BarChartSpec): HTMLElement {
  const table = element("details", { className: "chart-details" }, [
    element("summary", { text: "Show the numbers" }),
    chartTable(spec),
  ]);
  return element("figure", { className: "chart" }, [
    element("figcaption", { className: "chart-title", text: spec.title }),
    chartGraphic(spec),
    chartAxis(spec),
    table,
  ]);
}

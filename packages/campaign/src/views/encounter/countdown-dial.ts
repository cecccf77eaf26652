import { element, svgElement } from "@tabletop-mcp/views/app";
import type { Countdown } from "./fight.js";

const CENTRE = 24;
const RADIUS = 19;
/** The space between two segments of the ring, in radians. */
const GAP = 0.12;

/** A point of the ring, `angle` radians clockwise from the top. */
function pointAt(angle: number): string {
  const x = CENTRE + RADIUS * Math.sin(angle);
  const y = CENTRE - RADIUS * Math.cos(angle);
  return `${x.toFixed(2)} ${y.toFixed(2)}`;
}

/** One of the ring's `count` segments, as an SVG arc from the top, clockwise. */
function segment(index: number, count: number, lit: boolean): SVGPathElement {
  const span = (2 * Math.PI) / count;
  const from = index * span + GAP / 2;
  const to = (index + 1) * span - GAP / 2;
  const large = to - from > Math.PI ? 1 : 0;
  return svgElement("path", {
    d: `M ${pointAt(from)} A ${RADIUS} ${RADIUS} 0 ${large} 1 ${pointAt(to)}`,
    class: lit ? "dial-segment dial-segment-lit" : "dial-segment",
  });
}

/**
 * A countdown as a dial: a ring of `start` segments of which `value` are lit, the value in its
 * middle. Screen readers hear one image named `Dawn 4 of 6`; the ring is decoration.
 *
 * @param countdown - the countdown
 * @returns the dial
 */
export function countdownDial(countdown: Countdown): HTMLElement {
  const count = Math.max(1, countdown.start);
  const segments = Array.from({ length: count }, (_, index) =>
    segment(index, count, index < countdown.value),
  );
  const ring = svgElement(
    "svg",
    { class: "dial-ring", viewBox: "0 0 48 48", "aria-hidden": "true", focusable: "false" },
    [
      ...segments,
      svgElement("text", { x: CENTRE, y: CENTRE, class: "dial-value" }, [String(countdown.value)]),
    ],
  );
  return element(
    "span",
    {
      className: "dial",
      attributes: {
        role: "img",
        "aria-label": `${countdown.name} ${countdown.value} of ${countdown.start}`,
        "data-value": String(countdown.value),
        "data-start": String(countdown.start),
      },
    },
    [ring],
  );
}

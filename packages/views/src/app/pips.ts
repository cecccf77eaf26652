import { element } from "./dom.js";

/** A resource tracked as pips on a sheet: how many are filled of how many slots. */
export interface PipTrack {
  /** What is tracked, e.g. `Hope`. */
  readonly label: string;
  readonly filled: number;
  readonly slots: number;
}

/**
 * A row of pips: `filled` filled circles then empty ones up to `slots`. Screen readers hear
 * one image named `Hope 3 of 6`; the pips themselves are decoration.
 *
 * @param track - the label and the counts
 * @returns the row
 */
export function pipRow(track: PipTrack): HTMLElement {
  const filled = Math.max(0, Math.min(track.filled, track.slots));
  const pips = Array.from({ length: track.slots }, (_, index) =>
    element("span", { className: index < filled ? "pip pip-filled" : "pip" }),
  );
  return element(
    "span",
    {
      className: "pips",
      attributes: {
        role: "img",
        "aria-label": `${track.label} ${track.filled} of ${track.slots}`,
        "data-filled": String(track.filled),
        "data-slots": String(track.slots),
      },
    },
    pips,
  );
}

/**
 * A probability as a person reads it: a percentage with two decimals (`16.67%`), `0%` and
 * `100%` exactly, and `< 0.01%` for a chance too small to show but not impossible.
 *
 * @param probability - a number from 0 to 1
 * @returns the percentage text
 */
export function formatPercent(probability: number): string {
  if (probability <= 0) return "0%";
  if (probability >= 1) return "100%";
  if (probability < 0.00005) return "< 0.01%";
  return `${(probability * 100).toFixed(2)}%`;
}

/**
 * A signed modifier as written at the table: `+2`, `−1` (a real minus sign), `+0`.
 *
 * @param modifier - an integer
 * @returns the text
 */
export function formatModifier(modifier: number): string {
  return modifier < 0 ? `\u2212${Math.abs(modifier)}` : `+${modifier}`;
}

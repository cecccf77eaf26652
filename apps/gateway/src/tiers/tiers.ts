import { TIERS, type Tier } from "../config/types.js";
import type { ToolStats } from "../stats/tool-stats.js";

/** Below this many samples a tool keeps its declared tier. */
const MIN_SAMPLES = 20;
/** Above this error rate a tool moves up one tier. */
const MAX_ERROR_RATE = 0.3;

/** The p50 a tool may have and stay in each tier (docs/gateway.md §10); `deep` has none. */
export const TIER_P50_CEILING_MS: Readonly<Record<Tier, number | null>> = {
  fast: 500,
  standard: 1500,
  deep: null,
};
const FAST_P50_MS = TIER_P50_CEILING_MS.fast as number;
const STANDARD_P50_MS = TIER_P50_CEILING_MS.standard as number;

/**
 * A tool's current tier (docs/gateway.md §10): its declared tier until it has 20 samples, then the
 * tier its observed p50 fits, one higher when more than 30 % of its calls failed.
 *
 * @param declared - the configured or default tier
 * @param stats - the tool's statistics
 * @returns the tier
 */
export function currentTier(declared: Tier, stats: ToolStats): Tier {
  if (stats.samples < MIN_SAMPLES) return declared;
  const p50 = stats.percentile(50) ?? 0;
  let index = p50 <= FAST_P50_MS ? 0 : p50 <= STANDARD_P50_MS ? 1 : 2;
  if ((stats.errorRate() ?? 0) > MAX_ERROR_RATE) index = Math.min(2, index + 1);
  return TIERS[index] as Tier;
}

/** Whether a tool of tier `tool` may be seen by a session of tier `session`. */
export function withinTier(tool: Tier, session: Tier): boolean {
  return TIERS.indexOf(tool) <= TIERS.indexOf(session);
}

/** Reads a tier name; `undefined` when it is not one. */
export function parseTier(text: string): Tier | undefined {
  return (TIERS as readonly string[]).includes(text) ? (text as Tier) : undefined;
}

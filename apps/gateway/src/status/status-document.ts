import { redact } from "@tabletop-mcp/kit";
import type { ResourceConflictReport } from "../catalog/resource-conflicts.js";
import { type ServerEntry, TIERS, type Tier } from "../config/types.js";
import type { Gateway } from "../gateway.js";
import { TIER_P50_CEILING_MS } from "../tiers/tiers.js";
import type { Upstream, UpstreamState } from "../upstreams/upstream.js";
import type { StateChange } from "./state-history.js";

/** One upstream as the status page shows it. */
export interface UpstreamStatus {
  name: string;
  kind: ServerEntry["kind"];
  state: UpstreamState;
  /** The protocol revision it speaks, as in `gateway://stats`. */
  era: string | null;
  /** When the next reconnection attempt is due (ISO 8601), while one is scheduled. */
  next_attempt_at: string | null;
  last_error: string | null;
  restarts: number;
  /** Exposed tools of this upstream. */
  tools: number;
  /** The last state changes, oldest first. */
  changes: readonly StateChange[];
}

/** One tier: its p50 ceiling, and how many open sessions chose it. */
export interface TierStatus {
  name: Tier;
  p50_ceiling_ms: number | null;
  sessions: number;
}

/** What `GET /status/data` answers: the status page's whole content. */
export interface StatusDocument {
  generated_at: string;
  version: string;
  uptime_s: number;
  sessions: number;
  /** The tier of sessions that pick none. */
  default_tier: Tier;
  tiers: TierStatus[];
  upstreams: UpstreamStatus[];
  /** The tool rows of `gateway://stats`, the same figures. */
  tools: Record<string, unknown>[];
  /** Resource URIs and templates withheld from a later claimant, as in `gateway://stats`. */
  resource_conflicts: ResourceConflictReport;
}

/**
 * Builds the status page's data from the gateway as it stands; every error text is redacted.
 *
 * @param gateway - the running gateway
 * @param defaultTier - the tier of sessions that pick none
 * @returns the document
 */
export function statusDocument(gateway: Gateway, defaultTier: Tier): StatusDocument {
  const toolCounts = new Map<string, number>();
  for (const tool of gateway.catalog.exposedTools()) {
    toolCounts.set(tool.upstream.name, (toolCounts.get(tool.upstream.name) ?? 0) + 1);
  }
  const sessionTiers = [...gateway.sessions].map((session) => session.tier);
  return {
    generated_at: new Date().toISOString(),
    version: gateway.version,
    uptime_s: gateway.uptimeSeconds(),
    sessions: gateway.sessions.size,
    default_tier: defaultTier,
    tiers: TIERS.map((name) => ({
      name,
      p50_ceiling_ms: TIER_P50_CEILING_MS[name],
      sessions: sessionTiers.filter((tier) => tier === name).length,
    })),
    upstreams: gateway.upstreams.map((upstream) =>
      upstreamStatus(upstream, toolCounts.get(upstream.name) ?? 0, gateway),
    ),
    tools: gateway.toolStats(),
    resource_conflicts: gateway.resourceConflicts(),
  };
}

function upstreamStatus(upstream: Upstream, tools: number, gateway: Gateway): UpstreamStatus {
  const next = upstream.nextAttemptAt;
  return {
    name: upstream.name,
    kind: upstream.entry.kind,
    state: upstream.state,
    era: upstream.era,
    next_attempt_at: next === undefined ? null : new Date(next).toISOString(),
    last_error: upstream.lastError === null ? null : redact(upstream.lastError),
    restarts: upstream.restarts,
    tools,
    changes: gateway.stateHistory.of(upstream.name),
  };
}

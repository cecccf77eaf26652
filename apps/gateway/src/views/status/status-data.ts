/** The status document as `GET /status/data` sends it (see the gateway's status-document.ts). */
export interface StatusData {
  generated_at: string;
  version: string;
  uptime_s: number;
  sessions: number;
  default_tier: string;
  tiers: { name: string; p50_ceiling_ms: number | null; sessions: number }[];
  upstreams: UpstreamData[];
  tools: ToolData[];
  resource_conflicts: { conflicts: ResourceConflictData[]; more: boolean };
}

/** A resource URI or template a server offered after another server had offered it. */
export interface ResourceConflictData {
  kind: "resource URI" | "resource template";
  uri: string;
  owner: string;
  claimant: string;
  first_seen: string;
}

/** One upstream of the document. */
export interface UpstreamData {
  name: string;
  kind: "builtin" | "stdio" | "http";
  state: "starting" | "ready" | "restarting" | "down" | "conflict";
  /** `2026-07-28`, a 2025 revision, or `null` before the upstream first connected. */
  era: string | null;
  next_attempt_at: string | null;
  last_error: string | null;
  restarts: number;
  tools: number;
  changes: { at: string; from: string; to: string; error: string | null }[];
}

/** One tool row, the same as in `gateway://stats`. */
export interface ToolData {
  name: string;
  upstream: string;
  tier: string;
  samples: number;
  p50_ms: number | null;
  p95_ms: number | null;
  p99_ms: number | null;
  calls_total: number;
  errors_total: number;
}

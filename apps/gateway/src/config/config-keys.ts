/** The keys of a server entry that only one kind of server takes, by kind. */
export const KIND_KEYS = {
  stdio: ["command", "args", "env", "cwd", "per_session", "max_sessions", "max_line_bytes"],
  http: ["url", "headers", "auth"],
  builtin: ["builtin", "options"],
} as const;

/** A kind of server entry. */
export type EntryKind = keyof typeof KIND_KEYS;

/** The keys every kind of server entry takes. */
export const COMMON_KEYS = [
  "type",
  "disabled",
  "prefix",
  "tools",
  "timeout_ms",
  "max_total_timeout_ms",
  "startup_timeout_ms",
  "probe_timeout_ms",
  "rate_limit_ms",
  "tiers",
  "scopes",
  "trusted",
] as const;

/** The keys of the `gateway` object. */
export const GATEWAY_KEYS = ["default_tier", "instructions", "max_line_bytes"] as const;

/** The keys of an entry's `tools` object. */
export const TOOLS_KEYS = ["allow", "deny"] as const;

/** The top-level keys of a config file. */
export const TOP_KEYS = ["mcpServers", "servers", "gateway"] as const;

import type { LoggingLevel } from "@modelcontextprotocol/server";

/** The MCP log levels: RFC 5424 severities, least severe first. */
export const MCP_LOGGING_LEVELS: readonly LoggingLevel[] = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
];

/** Whether a message at `level` passes a session that asked for `threshold` (none: everything passes). */
export function passesLevel(level: string, threshold: LoggingLevel | undefined): boolean {
  if (threshold === undefined) return true;
  return MCP_LOGGING_LEVELS.indexOf(level as LoggingLevel) >= MCP_LOGGING_LEVELS.indexOf(threshold);
}

/** The most verbose of some levels, or `undefined` when none was set. */
export function mostVerbose(levels: Iterable<LoggingLevel | undefined>): LoggingLevel | undefined {
  let best: LoggingLevel | undefined;
  for (const level of levels) {
    if (
      level !== undefined &&
      (best === undefined || MCP_LOGGING_LEVELS.indexOf(level) < MCP_LOGGING_LEVELS.indexOf(best))
    )
      best = level;
  }
  return best;
}

/** Reads a logging level; `undefined` when it is not one. */
export function parseLoggingLevel(value: unknown): LoggingLevel | undefined {
  return typeof value === "string" && (MCP_LOGGING_LEVELS as readonly string[]).includes(value)
    ? (value as LoggingLevel)
    : undefined;
}

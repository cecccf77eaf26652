import { type ExtraFlag, parseCommandLine } from "@tabletop-mcp/kit/cli";

/** A default no command line can give (the flag accepts 0–60,000). */
const NOT_GIVEN = -1;

/**
 * The `--rate-limit-ms` value (or `MCP_RATE_LIMIT_MS`) when the command line or the
 * environment gives one, `undefined` when neither does. The gateway's parsed options cannot
 * tell an explicit `0` from the default `0`, yet only an explicit value may replace the
 * builtins' own spacing (dice's 200 ms), so the command line is read again with a default
 * that no flag can produce. Call it after the kit has accepted the same command line.
 *
 * @param argv - the command's arguments
 * @param env - the process environment
 * @param extraFlags - the command's own flags, so that they parse as they did
 * @returns the explicit spacing in ms, or `undefined`
 */
export function explicitRateLimitMs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  extraFlags: readonly ExtraFlag[],
): number | undefined {
  const parsed = parseCommandLine(argv, env, {
    defaultPort: 0,
    defaultRateLimitMs: NOT_GIVEN,
    extraFlags,
  });
  const value = parsed.options.rateLimitMs;
  return value === NOT_GIVEN ? undefined : value;
}

import type { Logger } from "@tabletop-mcp/kit";
import { configLine, configProblems, defaultConfigMessage } from "./config-problems.js";
import { configSchema } from "./config-schema.js";
import { ignoredKeys } from "./ignored-keys.js";
import { ConfigError, type GatewayConfig } from "./types.js";

/** What validation needs besides the parsed file. */
export interface ValidationContext {
  /** Relative paths in the file resolve against this directory. */
  baseDirectory: string;
  env: Readonly<Record<string, string | undefined>>;
  logger: Logger;
  /** The gateway's `--rate-limit-ms` when given: builtins without `rate_limit_ms` use it. */
  builtinRateLimitMs?: number | undefined;
}

/**
 * Turns a parsed config file into the effective config: checks every key, expands `${NAME}`,
 * fills defaults and resolves paths. Unknown keys of client config files are ignored with a
 * warning.
 *
 * @param raw - the parsed JSON
 * @param context - base directory, environment and logger
 * @returns the effective config
 * @throws ConfigError with one `config: PATH: issue` line per problem
 */
export function validateConfig(raw: unknown, context: ValidationContext): GatewayConfig {
  for (const path of ignoredKeys(raw)) context.logger.warn(`config: ${path}: unknown key ignored`);
  const parsed = configSchema(context).safeParse(raw, { error: defaultConfigMessage });
  if (parsed.success) return parsed.data;
  throw new ConfigError(configProblems(parsed.error.issues).map(configLine));
}

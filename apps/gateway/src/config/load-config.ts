import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Logger } from "@tabletop-mcp/kit";
import { WORLD_FILE_OPTION } from "./builtin-options.js";
import { parseConfigJson } from "./parse-json.js";
import { ConfigError, type GatewayConfig } from "./types.js";
import { validateConfig } from "./validate-config.js";

/** Where the config comes from. */
export interface ConfigSource {
  /** `--config FILE`; absent → the default config (docs/gateway.md §2.2). */
  configFile?: string | undefined;
  /** `--world FILE`: adds or points the `world` builtin. */
  worldFile?: string | undefined;
  /** `--rate-limit-ms` when given: the `rate_limit_ms` of builtins whose entry sets none. */
  builtinRateLimitMs?: number | undefined;
  env: Readonly<Record<string, string | undefined>>;
  logger: Logger;
  /** Relative `--config`/`--world` paths resolve here. */
  cwd: string;
}

/** The raw default config: the three builtins that need no file. */
export function defaultRawConfig(): Record<string, unknown> {
  return {
    mcpServers: {
      dice: { builtin: "dice" },
      duality: { builtin: "duality" },
      campaign: { builtin: "campaign" },
    },
  };
}

/**
 * Reads, checks and completes the config: the file (or the default), with `--world` applied.
 *
 * @param source - flags, environment and logger
 * @returns the effective config
 * @throws ConfigError with one line per problem
 */
export function loadConfig(source: ConfigSource): GatewayConfig {
  let raw: unknown;
  let baseDirectory = source.cwd;
  if (source.configFile === undefined) raw = defaultRawConfig();
  else {
    const file = resolve(source.cwd, source.configFile);
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      const code = (error as { code?: string }).code ?? String(error);
      throw new ConfigError([`config ${source.configFile}: cannot read the file (${code})`]);
    }
    raw = parseConfigJson(text, source.configFile);
    baseDirectory = dirname(file);
  }
  if (source.worldFile !== undefined) {
    raw = withWorld(raw, resolve(source.cwd, source.worldFile));
  }
  return validateConfig(raw, {
    baseDirectory,
    env: source.env,
    logger: source.logger,
    builtinRateLimitMs: source.builtinRateLimitMs,
  });
}

/** Points the config's `world` builtin at a world file, adding the entry when there is none. */
function withWorld(raw: unknown, worldFile: string): unknown {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw;
  const config = raw as Record<string, unknown>;
  const key =
    config.mcpServers === undefined && config.servers !== undefined ? "servers" : "mcpServers";
  const table = config[key];
  if (table !== undefined && (typeof table !== "object" || table === null || Array.isArray(table)))
    return raw;
  const servers = { ...((table ?? {}) as Record<string, unknown>) };
  const existing = Object.entries(servers).find(
    ([, entry]) =>
      typeof entry === "object" &&
      entry !== null &&
      (entry as { builtin?: unknown }).builtin === "world",
  );
  const [name, entry] = existing ?? ["world", { builtin: "world" }];
  const previous = (entry as { options?: unknown }).options;
  const options = typeof previous === "object" && previous !== null ? previous : {};
  servers[name] = { ...(entry as object), options: { ...options, [WORLD_FILE_OPTION]: worldFile } };
  return { ...config, [key]: servers };
}

import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import type { Logger } from "@tabletop-mcp/kit";
import { checkBuiltinOptions } from "./builtin-options.js";
import { expandVariables } from "./expand-variables.js";
import {
  BUILTIN_NAMES,
  type BuiltinName,
  type CommonEntry,
  ConfigError,
  type ConfigProblem,
  type GatewayConfig,
  type ServerEntry,
  TIERS,
  type Tier,
} from "./types.js";
import { checkClientCredentials, checkScopeKeys } from "./upstream-auth.js";

/** Server names and prefixes clients accept (gateway.md §2). */
export const SERVER_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const PREFIX_PATTERN = /^[a-zA-Z0-9_-]{1,32}$/;
const MAX_INSTRUCTIONS = 4000;
/** Bounds and default of `max_line_bytes`: a stdio server's longest stdout line. */
const LINE_BYTES = { min: 1024, max: 268_435_456, fallback: 16_777_216 } as const;
/** The builtin dice server's spacing when neither its entry nor `--rate-limit-ms` sets one (the dice server's own default). */
const DICE_RATE_LIMIT_MS = 200;

const COMMON_KEYS = new Set([
  "type",
  "disabled",
  "prefix",
  "tools",
  "timeout_ms",
  "max_total_timeout_ms",
  "startup_timeout_ms",
  "per_session",
  "max_sessions",
  "rate_limit_ms",
  "tiers",
  "scopes",
  "trusted",
]);
const KIND_KEYS = {
  stdio: ["command", "args", "env", "cwd", "max_line_bytes"],
  http: ["url", "headers", "auth"],
  builtin: ["builtin", "options"],
} as const;
const TYPE_TO_KIND: Record<string, keyof typeof KIND_KEYS> = {
  stdio: "stdio",
  http: "http",
  "streamable-http": "http",
  builtin: "builtin",
};

/** What validation needs besides the parsed file. */
export interface ValidationContext {
  /** Relative paths in the file resolve against this directory. */
  baseDirectory: string;
  env: Readonly<Record<string, string | undefined>>;
  logger: Logger;
  /** The gateway's `--rate-limit-ms` when given: builtins without `rate_limit_ms` use it. */
  builtinRateLimitMs?: number | undefined;
}

type Json = Record<string, unknown>;

/**
 * Turns a parsed config file into the effective config: checks every key, expands `${NAME}`,
 * fills defaults and resolves paths. Unknown keys of client config files are ignored with a warning.
 *
 * @param raw - the parsed JSON
 * @param context - base directory, environment and logger
 * @returns the effective config
 * @throws ConfigError with one `config: PATH: issue` line per problem
 */
export function validateConfig(raw: unknown, context: ValidationContext): GatewayConfig {
  const problems: ConfigProblem[] = [];
  if (!isObject(raw)) throw new ConfigError(["config: the file must contain a JSON object"]);
  const hasMcp = raw.mcpServers !== undefined;
  const key = hasMcp ? "mcpServers" : "servers";
  if (hasMcp && raw.servers !== undefined) {
    problems.push({ path: "servers", issue: 'give either "mcpServers" or "servers", not both' });
  }
  for (const topKey of Object.keys(raw)) {
    if (!["mcpServers", "servers", "gateway"].includes(topKey)) {
      context.logger.warn(`config: ${topKey}: unknown key ignored`);
    }
  }
  const gateway = checkGatewayKeys(raw.gateway, problems, context.logger);
  const servers: ServerEntry[] = [];
  const table = raw[key];
  if (table === undefined) {
    problems.push({ path: "mcpServers", issue: "missing; list the servers to combine" });
  } else if (!isObject(table)) {
    problems.push({ path: key, issue: "must be an object of server entries" });
  } else {
    for (const [name, value] of Object.entries(table)) {
      const entry = checkEntry(name, value, `${key}.${name}`, context, gateway, problems);
      if (entry) servers.push(entry);
    }
  }
  if (problems.length > 0) {
    throw new ConfigError(problems.map((problem) => `config: ${problem.path}: ${problem.issue}`));
  }
  return { servers, ...gateway };
}

/** What the `gateway` object sets. */
type GatewayKeys = Pick<GatewayConfig, "defaultTier" | "instructions" | "maxLineBytes">;

function checkGatewayKeys(value: unknown, problems: ConfigProblem[], logger: Logger): GatewayKeys {
  const result: GatewayKeys = {
    defaultTier: "deep",
    instructions: undefined,
    maxLineBytes: LINE_BYTES.fallback,
  };
  if (value === undefined) return result;
  if (!isObject(value)) {
    problems.push({ path: "gateway", issue: "must be an object" });
    return result;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key === "default_tier") {
      if (typeof item === "string" && (TIERS as readonly string[]).includes(item)) {
        result.defaultTier = item as Tier;
      } else
        problems.push({
          path: "gateway.default_tier",
          issue: `must be one of ${TIERS.join(", ")}`,
        });
    } else if (key === "instructions") {
      if (typeof item !== "string") {
        problems.push({ path: "gateway.instructions", issue: "must be a string" });
      } else if (item.length > MAX_INSTRUCTIONS) {
        problems.push({
          path: "gateway.instructions",
          issue: `must be at most ${MAX_INSTRUCTIONS} characters (got ${item.length})`,
        });
      } else result.instructions = item;
    } else if (key === "max_line_bytes") {
      const { min, max, fallback } = LINE_BYTES;
      result.maxLineBytes = integerKey(value, key, "gateway", min, max, fallback, problems);
    } else logger.warn(`config: gateway.${key}: unknown key ignored`);
  }
  return result;
}

function checkEntry(
  name: string,
  value: unknown,
  path: string,
  context: ValidationContext,
  gateway: GatewayKeys,
  problems: ConfigProblem[],
): ServerEntry | undefined {
  const before = problems.length;
  if (!SERVER_NAME_PATTERN.test(name)) {
    problems.push({ path, issue: "server names must match ^[a-zA-Z0-9_-]{1,64}$" });
  }
  if (!isObject(value)) {
    problems.push({ path, issue: "must be an object" });
    return undefined;
  }
  if (value.disabled === true) return undefined;
  if (value.disabled !== undefined && typeof value.disabled !== "boolean") {
    problems.push({ path: `${path}.disabled`, issue: "must be true or false" });
  }
  const kind = inferKind(value, path, problems);
  if (kind === undefined) return undefined;
  for (const key of Object.keys(value)) {
    if (COMMON_KEYS.has(key)) continue;
    const owner = (Object.keys(KIND_KEYS) as (keyof typeof KIND_KEYS)[]).find((candidate) =>
      (KIND_KEYS[candidate] as readonly string[]).includes(key),
    );
    if (owner === undefined) context.logger.warn(`config: ${path}.${key}: unknown key ignored`);
    else if (owner !== kind) {
      problems.push({ path: `${path}.${key}`, issue: `only applies to ${owner} servers` });
    }
  }
  const common = checkCommon(name, value, path, kind, context, problems);
  const entry = checkKind(kind, value, path, context, gateway, problems, common);
  return problems.length === before ? entry : undefined;
}

function inferKind(
  value: Json,
  path: string,
  problems: ConfigProblem[],
): keyof typeof KIND_KEYS | undefined {
  const present = (["command", "url", "builtin"] as const).filter(
    (key) => value[key] !== undefined,
  );
  if (value.type === "sse") {
    problems.push({
      path: `${path}.type`,
      issue: 'legacy HTTP+SSE upstreams are not supported; use a Streamable HTTP "url"',
    });
    return undefined;
  }
  if (present.length !== 1) {
    problems.push({
      path,
      issue:
        present.length === 0
          ? 'needs exactly one of "command", "url", "builtin"'
          : `give exactly one of "command", "url", "builtin" (got ${present.join(", ")})`,
    });
    return undefined;
  }
  const kind = present[0] === "command" ? "stdio" : present[0] === "url" ? "http" : "builtin";
  if (value.type !== undefined) {
    const declared = typeof value.type === "string" ? TYPE_TO_KIND[value.type] : undefined;
    if (declared === undefined) {
      problems.push({
        path: `${path}.type`,
        issue: "must be one of stdio, http, streamable-http, builtin",
      });
    } else if (declared !== kind) {
      problems.push({
        path: `${path}.type`,
        issue: `says ${String(value.type)} but the entry is a ${kind} server`,
      });
    }
  }
  return kind;
}

function checkCommon(
  name: string,
  value: Json,
  path: string,
  kind: keyof typeof KIND_KEYS,
  context: ValidationContext,
  problems: ConfigProblem[],
): CommonEntry {
  const defaultRateLimitMs =
    kind !== "builtin"
      ? 0
      : (context.builtinRateLimitMs ?? (value.builtin === "dice" ? DICE_RATE_LIMIT_MS : 0));
  const timeoutMs = integerKey(value, "timeout_ms", path, 100, 3_600_000, 60_000, problems);
  const common: CommonEntry = {
    name,
    prefix: undefined,
    allow: undefined,
    deny: [],
    timeoutMs,
    maxTotalTimeoutMs: integerKey(
      value,
      "max_total_timeout_ms",
      path,
      timeoutMs,
      Number.MAX_SAFE_INTEGER,
      Math.max(600_000, timeoutMs),
      problems,
    ),
    startupTimeoutMs: integerKey(
      value,
      "startup_timeout_ms",
      path,
      1000,
      300_000,
      30_000,
      problems,
    ),
    rateLimitMs: integerKey(value, "rate_limit_ms", path, 0, 60_000, defaultRateLimitMs, problems),
    tiers: {},
    ...checkScopeKeys(value, path, problems),
  };
  if (value.prefix !== undefined) {
    if (typeof value.prefix === "string" && PREFIX_PATTERN.test(value.prefix))
      common.prefix = value.prefix;
    else {
      problems.push({
        path: `${path}.prefix`,
        issue: `${JSON.stringify(value.prefix)} must match ^[a-zA-Z0-9_-]{1,32}$ (no dots, slashes or spaces)`,
      });
    }
  }
  checkTools(value.tools, `${path}.tools`, common, problems, context.logger);
  if (value.tiers !== undefined) {
    if (!isObject(value.tiers))
      problems.push({ path: `${path}.tiers`, issue: "must be an object" });
    else {
      const tiers: Record<string, Tier> = {};
      for (const [tool, tier] of Object.entries(value.tiers)) {
        if (typeof tier === "string" && (TIERS as readonly string[]).includes(tier))
          tiers[tool] = tier as Tier;
        else
          problems.push({
            path: `${path}.tiers.${tool}`,
            issue: `must be one of ${TIERS.join(", ")}`,
          });
      }
      common.tiers = tiers;
    }
  }
  if (kind !== "stdio") {
    for (const key of ["per_session", "max_sessions"]) {
      if (value[key] !== undefined)
        problems.push({ path: `${path}.${key}`, issue: "only applies to stdio servers" });
    }
  }
  return common;
}

function checkTools(
  tools: unknown,
  path: string,
  common: CommonEntry,
  problems: ConfigProblem[],
  logger: Logger,
): void {
  if (tools === undefined) return;
  if (!isObject(tools)) {
    problems.push({ path, issue: 'must be an object with "allow" and/or "deny"' });
    return;
  }
  for (const [key, list] of Object.entries(tools)) {
    if (key !== "allow" && key !== "deny") {
      logger.warn(`config: ${path}.${key}: unknown key ignored`);
      continue;
    }
    if (!Array.isArray(list) || !list.every((item) => typeof item === "string")) {
      problems.push({ path: `${path}.${key}`, issue: "must be an array of tool names" });
      continue;
    }
    if (key === "allow") common.allow = list;
    else common.deny = list;
  }
}

/** What checking one entry's kind-specific keys needs. */
interface KindCheck {
  value: Json;
  path: string;
  context: ValidationContext;
  gateway: GatewayKeys;
  problems: ConfigProblem[];
  common: CommonEntry;
  /** Expands `${NAME}` in a value at a config path, noting unset variables as problems. */
  expand: (text: string, at: string) => string;
}

function checkKind(
  kind: keyof typeof KIND_KEYS,
  value: Json,
  path: string,
  context: ValidationContext,
  gateway: GatewayKeys,
  problems: ConfigProblem[],
  common: CommonEntry,
): ServerEntry | undefined {
  const expand = (text: string, at: string): string => {
    const result = expandVariables(text, context.env);
    if (result.ok) return result.value;
    for (const variable of result.missing) {
      problems.push({
        path: at,
        issue: `environment variable ${variable} is not set (write \${${variable}:-default} to give a default)`,
      });
    }
    return "";
  };
  const check: KindCheck = { value, path, context, gateway, problems, common, expand };
  if (kind === "builtin") return checkBuiltin(check);
  if (kind === "http") return checkHttp(check);
  return checkStdio(check);
}

function checkBuiltin({
  value,
  path,
  context,
  problems,
  common,
}: KindCheck): ServerEntry | undefined {
  if (
    typeof value.builtin !== "string" ||
    !(BUILTIN_NAMES as readonly string[]).includes(value.builtin)
  ) {
    problems.push({
      path: `${path}.builtin`,
      issue: `must be one of ${BUILTIN_NAMES.join(", ")}`,
    });
    return undefined;
  }
  const builtin = value.builtin as BuiltinName;
  const checked = checkBuiltinOptions(
    builtin,
    value.options ?? {},
    `${path}.options`,
    context.baseDirectory,
    context.env,
  );
  if ("problems" in checked) {
    problems.push(...checked.problems);
    return undefined;
  }
  return { ...common, kind: "builtin", builtin, options: checked.options };
}

function checkHttp({ value, path, problems, common, expand }: KindCheck): ServerEntry {
  const url = typeof value.url === "string" ? expand(value.url, `${path}.url`) : undefined;
  if (url === undefined) problems.push({ path: `${path}.url`, issue: "must be a string" });
  else if (url !== "" && !isHttpUrl(url))
    problems.push({ path: `${path}.url`, issue: "must be an http:// or https:// URL" });
  const headers = stringMap(value.headers, `${path}.headers`, problems, expand);
  const auth = checkClientCredentials(value.auth, `${path}.auth`, expand, problems);
  return { ...common, kind: "http", url: url ?? "", headers, auth };
}

function checkStdio(check: KindCheck): ServerEntry {
  const { value, path, context, gateway, problems, common, expand } = check;
  const command =
    typeof value.command === "string" && value.command !== ""
      ? expand(value.command, `${path}.command`)
      : undefined;
  if (command === undefined)
    problems.push({ path: `${path}.command`, issue: "must be a non-empty string" });
  let args: string[] = [];
  if (value.args !== undefined) {
    if (!Array.isArray(value.args) || !value.args.every((item) => typeof item === "string")) {
      problems.push({ path: `${path}.args`, issue: "must be an array of strings" });
    } else args = value.args.map((item, index) => expand(item, `${path}.args[${index}]`));
  }
  const env = stringMap(value.env, `${path}.env`, problems, expand);
  let cwd: string | undefined;
  if (value.cwd !== undefined) {
    if (typeof value.cwd !== "string")
      problems.push({ path: `${path}.cwd`, issue: "must be a string" });
    else cwd = resolvePath(expand(value.cwd, `${path}.cwd`), context.baseDirectory);
  }
  let perSession = false;
  if (value.per_session !== undefined) {
    if (typeof value.per_session !== "boolean")
      problems.push({ path: `${path}.per_session`, issue: "must be true or false" });
    else perSession = value.per_session;
  }
  const maxSessions = integerKey(value, "max_sessions", path, 1, 256, 32, problems);
  if (value.max_sessions !== undefined && !perSession) {
    problems.push({ path: `${path}.max_sessions`, issue: 'only applies with "per_session": true' });
  }
  const { min, max } = LINE_BYTES;
  const lineBytes = gateway.maxLineBytes;
  return {
    ...common,
    kind: "stdio",
    command: command === undefined ? "" : resolveCommand(command, context.baseDirectory),
    args,
    env,
    cwd,
    perSession,
    maxSessions,
    maxLineBytes: integerKey(value, "max_line_bytes", path, min, max, lineBytes, problems),
  };
}

function stringMap(
  value: unknown,
  path: string,
  problems: ConfigProblem[],
  expand: (text: string, at: string) => string,
): Record<string, string> {
  if (value === undefined) return {};
  if (!isObject(value)) {
    problems.push({ path, issue: "must be an object of strings" });
    return {};
  }
  const result: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== "string")
      problems.push({ path: `${path}.${key}`, issue: "must be a string" });
    else result[key] = expand(item, `${path}.${key}`);
  }
  return result;
}

function integerKey(
  value: Json,
  key: string,
  path: string,
  min: number,
  max: number,
  fallback: number,
  problems: ConfigProblem[],
): number {
  const item = value[key];
  if (item === undefined) return fallback;
  if (typeof item !== "number" || !Number.isInteger(item) || item < min || item > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `${min}-${max}`;
    problems.push({
      path: `${path}.${key}`,
      issue: `must be an integer ${range} (got ${JSON.stringify(item)})`,
    });
    return fallback;
  }
  return item;
}

function resolvePath(value: string, baseDirectory: string): string {
  if (value.startsWith("~/")) return join(homedir(), value.slice(2));
  return isAbsolute(value) ? value : resolve(baseDirectory, value);
}

/** A command with a path separator resolves against the config; a bare name is looked up on PATH. */
function resolveCommand(command: string, baseDirectory: string): string {
  if (command.startsWith("~/")) return join(homedir(), command.slice(2));
  return command.includes("/") || command.includes("\\")
    ? resolvePath(command, baseDirectory)
    : command;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

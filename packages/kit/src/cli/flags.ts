import type { HttpLimits } from "../http/http-limits.js";
import { LOG_LEVELS, type LogLevel } from "../logger.js";
import {
  ALLOW_UNAUTHENTICATED_FLAG,
  AUTH_FLAGS,
  type AuthFlags,
  checkAuthValue,
  TRUST_GATEWAY_IDENTITY_FLAG,
} from "./auth-flags.js";
import { LIMIT_FLAGS } from "./limit-flags.js";
import { UsageError } from "./usage-error.js";

/** A flag a server adds to the common ones (e.g. dice's `--seed`, campaign's `--db`). */
export interface ExtraFlag {
  /** Long name without dashes, e.g. `seed`. */
  name: string;
  /** Placeholder in `--help`, e.g. `S`; absent for a boolean switch. */
  value?: string;
  /** Environment variable read when the flag is absent. */
  env?: string;
  description: string;
  /** Checks a raw value; throws {@link UsageError} with the accepted values. */
  parse?: (raw: string) => unknown;
}

/** A positional argument, e.g. the world file of `tabletop-world`. */
export interface PositionalArgument {
  name: string;
  description: string;
  required: boolean;
}

/** The common options of every server and the gateway (contract, "Command-line flags"). */
export interface CommonOptions {
  transport: "stdio" | "http";
  host: string;
  port: number;
  allowedHosts: string[];
  authToken: string | undefined;
  /** The other auth flags (token table, OAuth), as given; see `resolveAuthSettings`. */
  auth: AuthFlags;
  rateLimitMs: number;
  logLevel: LogLevel;
  /** The HTTP limits given by flag or environment; the others keep their defaults. */
  limits: Partial<HttpLimits>;
}

/** Everything a command line said. */
export interface ParsedCommandLine {
  kind: "run" | "help" | "version";
  options: CommonOptions;
  /** Values of the server's extra flags by name: parsed value, `true` for switches. */
  extra: Record<string, unknown>;
  positional: string | undefined;
}

/** What the parser needs to know about the command. */
export interface CommandLineSpec {
  defaultPort: number;
  defaultRateLimitMs: number;
  extraFlags?: readonly ExtraFlag[];
  positional?: PositionalArgument;
}

type Environment = Readonly<Record<string, string | undefined>>;

interface CommonFlag {
  name: string;
  env?: string;
  /** A switch takes no value on the command line (`--name`, or `--name=false`). */
  isSwitch?: boolean;
  apply(options: CommonOptions, raw: string, source: string): void;
}

const COMMON_FLAGS: readonly CommonFlag[] = [
  {
    name: "transport",
    env: "MCP_TRANSPORT",
    apply(options, raw, source) {
      if (raw !== "stdio" && raw !== "http") {
        throw new UsageError(`${source} must be stdio or http (got ${JSON.stringify(raw)})`);
      }
      options.transport = raw;
    },
  },
  {
    name: "host",
    env: "MCP_HOST",
    apply(options, raw, source) {
      if (raw.trim() === "") throw new UsageError(`${source} must be a host name or address`);
      options.host = raw;
    },
  },
  {
    name: "port",
    env: "PORT",
    apply(options, raw, source) {
      options.port = parseInteger(raw, source, 0, 65535);
    },
  },
  {
    name: "http-addr",
    env: "MCP_HTTP_ADDR",
    apply(options, raw, source) {
      const separator = raw.lastIndexOf(":");
      if (separator <= 0) {
        throw new UsageError(
          `${source} must be HOST:PORT, e.g. 127.0.0.1:8080 (got ${JSON.stringify(raw)})`,
        );
      }
      const host = raw.slice(0, separator).replace(/^\[(.*)\]$/, "$1");
      options.host = host;
      options.port = parseInteger(raw.slice(separator + 1), source, 0, 65535);
    },
  },
  {
    name: "allowed-hosts",
    env: "MCP_ALLOWED_HOSTS",
    apply(options, raw) {
      options.allowedHosts = raw
        .split(",")
        .map((entry) => entry.trim().toLowerCase())
        .filter((entry) => entry !== "");
    },
  },
  {
    name: "auth-token",
    env: "MCP_AUTH_TOKEN",
    apply(options, raw, source) {
      if (raw === "") throw new UsageError(`${source} must not be empty`);
      options.authToken = raw;
    },
  },
  ...AUTH_FLAGS.map(
    (flag): CommonFlag => ({
      name: flag.name,
      env: flag.env,
      apply(options, raw, source) {
        options.auth[flag.key] = checkAuthValue(flag, raw, source);
      },
    }),
  ),
  {
    name: ALLOW_UNAUTHENTICATED_FLAG.name,
    env: ALLOW_UNAUTHENTICATED_FLAG.env,
    isSwitch: true,
    apply(options, raw, source) {
      options.auth.allowUnauthenticated = parseSwitch(raw, source);
    },
  },
  {
    name: TRUST_GATEWAY_IDENTITY_FLAG.name,
    env: TRUST_GATEWAY_IDENTITY_FLAG.env,
    isSwitch: true,
    apply(options, raw, source) {
      options.auth.trustGatewayIdentity = parseSwitch(raw, source);
    },
  },
  {
    name: "rate-limit-ms",
    env: "MCP_RATE_LIMIT_MS",
    apply(options, raw, source) {
      options.rateLimitMs = parseInteger(raw, source, 0, 60000);
    },
  },
  {
    name: "log-level",
    env: "LOG_LEVEL",
    apply(options, raw, source) {
      const level = raw.toLowerCase();
      if (!(LOG_LEVELS as readonly string[]).includes(level)) {
        throw new UsageError(
          `${source} must be one of ${LOG_LEVELS.join(", ")} (got ${JSON.stringify(raw)})`,
        );
      }
      options.logLevel = level as LogLevel;
    },
  },
  ...LIMIT_FLAGS.map(
    (flag): CommonFlag => ({
      name: flag.name,
      env: flag.env,
      apply(options, raw, source) {
        options.limits[flag.key] = parseInteger(raw, source, flag.min, flag.max);
      },
    }),
  ),
];

/**
 * Parses a command line: flags first, then environment fallbacks, then defaults.
 * @throws UsageError naming the flag and what it accepts
 */
export function parseCommandLine(
  argv: readonly string[],
  env: Environment,
  spec: CommandLineSpec,
): ParsedCommandLine {
  const options: CommonOptions = {
    transport: "stdio",
    host: "127.0.0.1",
    port: spec.defaultPort,
    allowedHosts: [],
    authToken: undefined,
    auth: { allowUnauthenticated: false },
    rateLimitMs: spec.defaultRateLimitMs,
    logLevel: "error",
    limits: {},
  };
  const extraFlags = spec.extraFlags ?? [];
  const given = collectFlags(argv, extraFlags);
  if (given.kind !== "run") return { kind: given.kind, options, extra: {}, positional: undefined };

  for (const flag of COMMON_FLAGS) {
    const envValue = flag.env ? env[flag.env] : undefined;
    if (envValue !== undefined && envValue !== "" && !given.values.has(flag.name)) {
      flag.apply(options, envValue, `${flag.env}`);
    }
  }
  for (const flag of COMMON_FLAGS) {
    const raw = given.values.get(flag.name);
    if (raw !== undefined) flag.apply(options, raw, `--${flag.name}`);
  }
  checkTimeouts(options.limits);

  const extra: Record<string, unknown> = {};
  for (const flag of extraFlags) {
    const fromFlag = given.values.get(flag.name);
    const fromEnv = flag.env ? env[flag.env] : undefined;
    const raw = fromFlag ?? (fromEnv === "" ? undefined : fromEnv);
    if (raw === undefined) continue;
    const source = fromFlag !== undefined ? `--${flag.name}` : `${flag.env}`;
    if (flag.value === undefined) {
      extra[flag.name] = parseSwitch(raw, source);
    } else {
      extra[flag.name] = flag.parse ? parseWithSource(flag.parse, raw, source) : raw;
    }
  }

  if (spec.positional?.required && given.positional === undefined) {
    throw new UsageError(
      `missing argument <${spec.positional.name}>: ${spec.positional.description}`,
    );
  }
  return { kind: "run", options, extra, positional: given.positional };
}

function collectFlags(
  argv: readonly string[],
  extraFlags: readonly ExtraFlag[],
): {
  kind: "run" | "help" | "version";
  values: Map<string, string>;
  positional: string | undefined;
} {
  const takesValue = new Map<string, boolean>();
  for (const flag of COMMON_FLAGS) takesValue.set(flag.name, flag.isSwitch !== true);
  for (const flag of extraFlags) takesValue.set(flag.name, flag.value !== undefined);
  const values = new Map<string, string>();
  let positional: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string;
    if (argument === "--help" || argument === "-h") return { kind: "help", values, positional };
    if (argument === "--version" || argument === "-v")
      return { kind: "version", values, positional };
    if (!argument.startsWith("--") || argument === "--") {
      if (argument === "--" || positional !== undefined) {
        throw new UsageError(`unexpected argument ${JSON.stringify(argument)}; see --help`);
      }
      positional = argument;
      continue;
    }
    const equals = argument.indexOf("=");
    const name = argument.slice(2, equals === -1 ? undefined : equals);
    const needsValue = takesValue.get(name);
    if (needsValue === undefined) throw new UsageError(`unknown flag --${name}; see --help`);
    if (!needsValue) {
      values.set(name, equals === -1 ? "true" : argument.slice(equals + 1));
      continue;
    }
    let value: string | undefined;
    if (equals !== -1) value = argument.slice(equals + 1);
    else {
      value = argv[index + 1];
      index++;
    }
    if (value === undefined) throw new UsageError(`--${name} needs a value; see --help`);
    values.set(name, value);
  }
  return { kind: "run", values, positional };
}

/** Node refuses a headers timeout longer than the whole-request timeout; so does the command. */
function checkTimeouts(limits: Partial<HttpLimits>): void {
  const { headersTimeoutMs: headers, requestTimeoutMs: request } = limits;
  if (headers !== undefined && request !== undefined && headers > request) {
    throw new UsageError(
      `--headers-timeout-ms (${headers}) must not exceed --request-timeout-ms (${request})`,
    );
  }
}

function parseInteger(raw: string, source: string, min: number, max: number): number {
  const trimmed = raw.trim();
  const value = /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`${source} must be an integer ${min}-${max} (got ${JSON.stringify(raw)})`);
  }
  return value;
}

function parseSwitch(raw: string, source: string): boolean {
  if (raw === "true" || raw === "1") return true;
  if (raw === "false" || raw === "0") return false;
  throw new UsageError(`${source} must be true or false (got ${JSON.stringify(raw)})`);
}

function parseWithSource(parse: (raw: string) => unknown, raw: string, source: string): unknown {
  try {
    return parse(raw);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${source} ${reason}`);
  }
}

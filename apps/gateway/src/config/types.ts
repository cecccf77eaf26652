import type { ClientCredentialsAuth } from "./upstream-auth.js";

/** Latency tiers, ordered fast < standard < deep (docs/gateway.md §10). */
export const TIERS = ["fast", "standard", "deep"] as const;

/** A latency tier. */
export type Tier = (typeof TIERS)[number];

/** The servers the gateway can compose in-process. */
export const BUILTIN_NAMES = ["dice", "duality", "campaign", "world"] as const;

/** The name of an in-process server. */
export type BuiltinName = (typeof BUILTIN_NAMES)[number];

/** Keys every server entry has, defaults filled in. */
export interface CommonEntry {
  /** The key in `mcpServers`. */
  name: string;
  prefix: string | undefined;
  allow: readonly string[] | undefined;
  deny: readonly string[];
  timeoutMs: number;
  maxTotalTimeoutMs: number;
  startupTimeoutMs: number;
  /**
   * How long the `server/discover` probe that finds a stdio or HTTP upstream's protocol era
   * may take (docs/gateway.md §4.6).
   */
  probeTimeoutMs: number;
  rateLimitMs: number;
  /** Declared tiers by upstream tool name. */
  tiers: Readonly<Record<string, Tier>>;
  /** `scopes`: what a token needs to use anything of this upstream (OAuth, token table). */
  scopes: readonly string[] | undefined;
  /**
   * `trusted`: the upstream learns the caller (`_meta` `tabletop/subject`, `tabletop/scopes`,
   * `tabletop/name`); a stdio one is started with `MCP_TRUST_GATEWAY_IDENTITY=1`.
   */
  trusted: boolean;
}

/** A server composed in-process with its package's `createServer(options)`. */
export interface BuiltinEntry extends CommonEntry {
  kind: "builtin";
  builtin: BuiltinName;
  options: Readonly<Record<string, unknown>>;
}

/** A child process speaking MCP on stdin/stdout. */
export interface StdioEntry extends CommonEntry {
  kind: "stdio";
  command: string;
  args: readonly string[];
  env: Readonly<Record<string, string>>;
  cwd: string | undefined;
  perSession: boolean;
  maxSessions: number;
  /** The longest line accepted on the child's stdout, in bytes. */
  maxLineBytes: number;
}

/** A remote Streamable HTTP endpoint. */
export interface HttpEntry extends CommonEntry {
  kind: "http";
  url: string;
  headers: Readonly<Record<string, string>>;
  /** The gateway's own credentials for the upstream (client credentials grant). */
  auth: ClientCredentialsAuth | undefined;
}

/** One upstream of the gateway. */
export type ServerEntry = BuiltinEntry | StdioEntry | HttpEntry;

/** The whole effective configuration. */
export interface GatewayConfig {
  /** In config order. */
  servers: readonly ServerEntry[];
  defaultTier: Tier;
  instructions: string | undefined;
  /** `gateway.max_line_bytes`: the stdout line limit of stdio servers that set none. */
  maxLineBytes: number;
}

/** A problem found in a config file; `path` is e.g. `mcpServers.notes.prefix`. */
export interface ConfigProblem {
  path: string;
  issue: string;
}

/** Thrown when a config cannot be used; carries every problem found. */
export class ConfigError extends Error {
  constructor(
    /** One line each, already formatted (`config: PATH: issue` or `config FILE:L:C: message`). */
    readonly lines: readonly string[],
  ) {
    super(lines.join("\n"));
    this.name = "ConfigError";
  }
}

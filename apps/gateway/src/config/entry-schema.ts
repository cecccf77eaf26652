import * as z from "zod";
import { effectiveBuiltinOptions } from "./builtin-options.js";
import type { EntryKind } from "./config-keys.js";
import { type Environment, resolveCommand, resolvePath } from "./field-schemas.js";
import {
  builtinSchema,
  type CommonKeys,
  DEFAULT_PROBE_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  httpSchema,
  stdioSchema,
} from "./kind-schemas.js";
import type { BuiltinEntry, CommonEntry, HttpEntry, StdioEntry } from "./types.js";

/** What entry schemas need besides the file: paths, environment and the builtins' spacing. */
export interface EntrySchemaContext {
  /** Relative paths in the file resolve against this directory. */
  baseDirectory: string;
  env: Environment;
  /** The gateway's `--rate-limit-ms` when given: builtins without `rate_limit_ms` use it. */
  builtinRateLimitMs?: number | undefined;
}

/** A server entry as its schema gives it: not yet named, its stdout limit maybe left open. */
export type ParsedEntry =
  | Omit<BuiltinEntry, "name">
  | Omit<HttpEntry, "name">
  | (Omit<StdioEntry, "name" | "maxLineBytes"> & { maxLineBytes: number | undefined });

/** The builtin dice server's spacing when neither its entry nor `--rate-limit-ms` sets one. */
const DICE_RATE_LIMIT_MS = 200;
const KIND_BY_KEY = { command: "stdio", url: "http", builtin: "builtin" } as const;

/**
 * The schema of one server entry: its kind is told by which of `command`, `url` and `builtin`
 * it has, then the keys of that kind are checked, and the effective entry is made (defaults,
 * `${NAME}` expanded, paths resolved). A disabled entry comes out `undefined`.
 *
 * @param context - environment, config folder and the builtins' spacing
 */
export function entrySchema(context: EntrySchemaContext) {
  const kinds = z.discriminatedUnion("kind", [
    builtinSchema,
    stdioSchema(context.env),
    httpSchema(context.env),
  ]);
  return z.preprocess(
    withKind,
    kinds.transform((entry) => effectiveEntry(entry, context)).optional(),
  );
}

/**
 * Adds the entry's kind, inferred from its keys, so that the kind's schema judges it; an entry
 * whose kind cannot be told is a problem (and nothing else about it is).
 */
function withKind(value: unknown, context: z.RefinementCtx): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    context.addIssue({ code: "custom", input: value, message: "must be an object" });
    return value;
  }
  const entry = value as Record<string, unknown>;
  if (entry.disabled === true) return undefined;
  if (entry.type === "sse") {
    const message = 'legacy HTTP+SSE upstreams are not supported; use a Streamable HTTP "url"';
    context.addIssue({ code: "custom", input: entry.type, path: ["type"], message });
    return value;
  }
  const present = (Object.keys(KIND_BY_KEY) as (keyof typeof KIND_BY_KEY)[]).filter(
    (key) => entry[key] !== undefined,
  );
  const [key] = present;
  if (key === undefined || present.length > 1) {
    const message =
      key === undefined
        ? 'needs exactly one of "command", "url", "builtin"'
        : `give exactly one of "command", "url", "builtin" (got ${present.join(", ")})`;
    context.addIssue({ code: "custom", input: value, message });
    return value;
  }
  const kind: EntryKind = KIND_BY_KEY[key];
  return { ...entry, kind };
}

type KindOutput =
  | z.output<typeof builtinSchema>
  | z.output<ReturnType<typeof stdioSchema>>
  | z.output<ReturnType<typeof httpSchema>>;

function effectiveEntry(entry: KindOutput, context: EntrySchemaContext): ParsedEntry {
  if (entry.kind === "builtin") {
    const spacing =
      context.builtinRateLimitMs ?? (entry.builtin === "dice" ? DICE_RATE_LIMIT_MS : 0);
    return {
      ...commonEntry(entry, spacing),
      kind: "builtin",
      builtin: entry.builtin,
      options: effectiveBuiltinOptions(
        entry.builtin,
        entry.options,
        context.baseDirectory,
        context.env,
      ),
    };
  }
  if (entry.kind === "http") {
    return {
      ...commonEntry(entry, 0),
      kind: "http",
      url: entry.url,
      headers: entry.headers ?? {},
      auth: entry.auth,
    };
  }
  return {
    ...commonEntry(entry, 0),
    kind: "stdio",
    command: resolveCommand(entry.command, context.baseDirectory),
    args: entry.args ?? [],
    env: entry.env ?? {},
    cwd: entry.cwd === undefined ? undefined : resolvePath(entry.cwd, context.baseDirectory),
    perSession: entry.per_session ?? false,
    maxSessions: entry.max_sessions ?? 32,
    maxLineBytes: entry.max_line_bytes,
  };
}

/** The gateway's own keys of an entry, defaults filled in. */
function commonEntry(entry: CommonKeys, defaultRateLimitMs: number): Omit<CommonEntry, "name"> {
  const timeoutMs = entry.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  const maxTotal = entry.max_total_timeout_ms as number | undefined;
  return {
    prefix: entry.prefix,
    allow: entry.tools?.allow,
    deny: entry.tools?.deny ?? [],
    timeoutMs,
    maxTotalTimeoutMs: maxTotal ?? Math.max(600_000, timeoutMs),
    startupTimeoutMs: entry.startup_timeout_ms ?? 30_000,
    probeTimeoutMs: entry.probe_timeout_ms ?? DEFAULT_PROBE_TIMEOUT_MS,
    rateLimitMs: entry.rate_limit_ms ?? defaultRateLimitMs,
    tiers: entry.tiers ?? {},
    scopes: entry.scopes,
    trusted: entry.trusted ?? false,
  };
}

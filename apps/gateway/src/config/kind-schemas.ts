import * as z from "zod";
import { BUILTIN_OPTIONS } from "./builtin-options.js";
import { type EntryKind, KIND_KEYS } from "./config-keys.js";
import {
  absent,
  type Environment,
  expandedHttpUrl,
  expandedString,
  expandedStringMap,
  expandInto,
  integerIn,
  stringList,
  tierName,
  trueOrFalse,
} from "./field-schemas.js";
import { BUILTIN_NAMES, type BuiltinName } from "./types.js";
import { ACCESS_SHAPE, clientCredentialsSchema } from "./upstream-auth.js";

const PREFIX_PATTERN = /^[a-zA-Z0-9_-]{1,32}$/;
/** Bounds and default of `max_line_bytes`: a stdio server's longest stdout line. */
export const LINE_BYTES = { min: 1024, max: 268_435_456, fallback: 16_777_216 } as const;
/** A request's idle timeout when the entry sets none. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** How long an upstream's `server/discover` probe may take when its entry sets no `probe_timeout_ms`. */
export const DEFAULT_PROBE_TIMEOUT_MS = 5_000;
const TIMEOUT_MS = integerIn(100, 3_600_000);

/** The `type` values clients write, and the kind each means. */
const TYPE_KINDS: Readonly<Record<string, EntryKind>> = {
  stdio: "stdio",
  http: "http",
  "streamable-http": "http",
  builtin: "builtin",
};

/** An entry's optional `type`, which must agree with the kind its keys say. */
function declaredType(kind: EntryKind) {
  const accepted = Object.keys(TYPE_KINDS).filter((type) => TYPE_KINDS[type] === kind);
  return z
    .enum(accepted as [string, ...string[]], {
      error: ({ input }) =>
        typeof input === "string" && Object.hasOwn(TYPE_KINDS, input)
          ? `says ${input} but the entry is a ${kind} server`
          : `must be one of ${Object.keys(TYPE_KINDS).join(", ")}`,
    })
    .optional();
}

/** The keys of the other kinds, each refused with the kind it belongs to. */
function othersAbsent(kind: EntryKind): Record<string, z.ZodOptional<z.ZodUndefined>> {
  const others = (Object.keys(KIND_KEYS) as EntryKind[]).filter((other) => other !== kind);
  return Object.fromEntries(
    others.flatMap((other) => KIND_KEYS[other].map((key) => [key, absent(other)])),
  );
}

const prefixError = ({ input }: { input?: unknown }) =>
  `${JSON.stringify(input)} must match ^[a-zA-Z0-9_-]{1,32}$ (no dots, slashes or spaces)`;
const toolNames = stringList("must be an array of tool names");

/** The gateway's own keys, which every kind takes (`type` aside). */
const COMMON_SHAPE = {
  disabled: trueOrFalse.optional(),
  prefix: z.string({ error: prefixError }).regex(PREFIX_PATTERN, { error: prefixError }).optional(),
  tools: z
    .looseObject(
      { allow: toolNames.optional(), deny: toolNames.optional() },
      { error: 'must be an object with "allow" and/or "deny"' },
    )
    .optional(),
  timeout_ms: TIMEOUT_MS.optional(),
  // Bounded below by the entry's own timeout_ms: judged by maxTotalRule.
  max_total_timeout_ms: z.unknown().optional(),
  startup_timeout_ms: integerIn(1000, 300_000).optional(),
  probe_timeout_ms: integerIn(100, 300_000).optional(),
  rate_limit_ms: integerIn(0, 60_000).optional(),
  tiers: z.record(z.string(), tierName, { error: "must be an object" }).optional(),
  ...ACCESS_SHAPE,
};

/** The common keys as the schema gives them. */
export type CommonKeys = z.output<z.ZodObject<typeof COMMON_SHAPE>>;

/** Runs a cross-field rule even when other keys of the entry have problems. */
const ALWAYS = { when: () => true };

/** `max_total_timeout_ms` is an integer no smaller than the entry's `timeout_ms`. */
function maxTotalRule(entry: Record<string, unknown>, context: z.RefinementCtx): void {
  if (entry.max_total_timeout_ms === undefined) return;
  const timeout = TIMEOUT_MS.safeParse(entry.timeout_ms);
  const floor = timeout.success ? timeout.data : DEFAULT_TIMEOUT_MS;
  const checked = integerIn(floor).safeParse(entry.max_total_timeout_ms);
  for (const issue of checked.error?.issues ?? []) {
    context.addIssue({ code: "custom", path: ["max_total_timeout_ms"], message: issue.message });
  }
}

/** `max_sessions` counts per-session children, so it needs `per_session`. */
function maxSessionsRule(entry: Record<string, unknown>, context: z.RefinementCtx): void {
  if (entry.max_sessions === undefined || entry.per_session === true) return;
  context.addIssue({
    code: "custom",
    path: ["max_sessions"],
    message: 'only applies with "per_session": true',
  });
}

/**
 * The schema of a stdio server entry (its kind already told by its keys); its paths are
 * resolved once the entry is whole.
 * @param env - the environment `${NAME}` is expanded from
 */
export function stdioSchema(env: Environment) {
  const command = "must be a non-empty string";
  const stdioKeys = {
    command: z
      .string({ error: command })
      .min(1, { error: command })
      .transform((text, sink) => expandInto(text, env, sink)),
    args: stringList("must be an array of strings")
      .transform((args, sink) => args.map((arg, index) => expandInto(arg, env, sink, [index])))
      .optional(),
    env: expandedStringMap(env).optional(),
    cwd: expandedString(env, "must be a string").optional(),
    per_session: trueOrFalse.optional(),
    max_sessions: integerIn(1, 256).optional(),
    max_line_bytes: integerIn(LINE_BYTES.min, LINE_BYTES.max).optional(),
  } satisfies Record<(typeof KIND_KEYS.stdio)[number], z.ZodType>;
  return z
    .looseObject({
      kind: z.literal("stdio"),
      type: declaredType("stdio"),
      ...stdioKeys,
      ...othersAbsent("stdio"),
      ...COMMON_SHAPE,
    })
    .superRefine(maxTotalRule, ALWAYS)
    .superRefine(maxSessionsRule, ALWAYS);
}

/**
 * The schema of a Streamable HTTP server entry.
 * @param env - the environment `${NAME}` is expanded from
 */
export function httpSchema(env: Environment) {
  const httpKeys = {
    url: expandedHttpUrl(env),
    headers: expandedStringMap(env).optional(),
    auth: clientCredentialsSchema(env).optional(),
  } satisfies Record<(typeof KIND_KEYS.http)[number], z.ZodType>;
  return z
    .looseObject({
      kind: z.literal("http"),
      type: declaredType("http"),
      ...httpKeys,
      ...othersAbsent("http"),
      ...COMMON_SHAPE,
    })
    .superRefine(maxTotalRule, ALWAYS);
}

/** One builtin's entry: its options checked by its package's own schema. */
function builtinVariant(builtin: BuiltinName) {
  const builtinKeys = {
    builtin: z.literal(builtin),
    options: BUILTIN_OPTIONS[builtin].prefault(() => ({})),
  } satisfies Record<(typeof KIND_KEYS.builtin)[number], z.ZodType>;
  return z
    .looseObject({
      kind: z.literal("builtin"),
      type: declaredType("builtin"),
      ...builtinKeys,
      ...othersAbsent("builtin"),
      ...COMMON_SHAPE,
    })
    .superRefine(maxTotalRule, ALWAYS);
}

/** The schema of a builtin server entry, whichever builtin it names. */
export const builtinSchema = z.discriminatedUnion(
  "builtin",
  [
    builtinVariant("dice"),
    builtinVariant("duality"),
    builtinVariant("campaign"),
    builtinVariant("world"),
  ],
  { error: `must be one of ${BUILTIN_NAMES.join(", ")}` },
);

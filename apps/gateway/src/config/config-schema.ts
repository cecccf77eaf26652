import * as z from "zod";
import { type EntrySchemaContext, entrySchema, type ParsedEntry } from "./entry-schema.js";
import { integerIn, tierName } from "./field-schemas.js";
import { LINE_BYTES } from "./kind-schemas.js";
import type { GatewayConfig, ServerEntry } from "./types.js";

/** Server names clients accept: the keys of `mcpServers`. */
const SERVER_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_INSTRUCTIONS = 4000;

/** The `gateway` object. */
const gatewaySchema = z.looseObject(
  {
    default_tier: tierName.optional(),
    instructions: z
      .string({ error: "must be a string" })
      .max(MAX_INSTRUCTIONS, {
        error: ({ input }) =>
          `must be at most ${MAX_INSTRUCTIONS} characters (got ${String(input).length})`,
      })
      .optional(),
    max_line_bytes: integerIn(LINE_BYTES.min, LINE_BYTES.max).optional(),
  },
  { error: "must be an object" },
);

/**
 * The schema of a whole config file, giving the effective config: every key checked, `${NAME}`
 * expanded, defaults filled in, paths resolved. Keys it does not know are let through (client
 * config files carry their own); `ignoredKeys` names them.
 *
 * @param context - environment, the config file's folder, the builtins' spacing
 */
export function configSchema(context: EntrySchemaContext) {
  const servers = z.record(
    z.string().regex(SERVER_NAME_PATTERN, {
      error: "server names must match ^[a-zA-Z0-9_-]{1,64}$",
    }),
    entrySchema(context),
    { error: "must be an object of server entries" },
  );
  return z
    .looseObject(
      {
        gateway: gatewaySchema.optional(),
        mcpServers: servers.optional(),
        servers: servers.optional(),
      },
      { error: "the file must contain a JSON object" },
    )
    .superRefine(oneServerTable, { when: () => true })
    .transform(effectiveConfig);
}

/** Exactly one of `mcpServers` (common clients' key) and `servers` (VS Code's) is given. */
function oneServerTable(config: unknown, context: z.RefinementCtx): void {
  if (typeof config !== "object" || config === null || Array.isArray(config)) return;
  const { mcpServers, servers } = config as Record<string, unknown>;
  if (mcpServers !== undefined && servers !== undefined) {
    const message = 'give either "mcpServers" or "servers", not both';
    context.addIssue({ code: "custom", path: ["servers"], message });
  } else if (mcpServers === undefined && servers === undefined) {
    const message = "missing; list the servers to combine";
    context.addIssue({ code: "custom", path: ["mcpServers"], message });
  }
}

interface ParsedConfig {
  gateway?: z.output<typeof gatewaySchema> | undefined;
  mcpServers?: Record<string, ParsedEntry | undefined> | undefined;
  servers?: Record<string, ParsedEntry | undefined> | undefined;
}

function effectiveConfig({ gateway, mcpServers, servers }: ParsedConfig): GatewayConfig {
  const maxLineBytes = gateway?.max_line_bytes ?? LINE_BYTES.fallback;
  const table = mcpServers ?? servers ?? {};
  const entries = Object.entries(table).flatMap(([name, entry]): ServerEntry[] => {
    if (entry === undefined) return [];
    if (entry.kind !== "stdio") return [{ ...entry, name }];
    return [{ ...entry, name, maxLineBytes: entry.maxLineBytes ?? maxLineBytes }];
  });
  return {
    servers: entries,
    defaultTier: gateway?.default_tier ?? "deep",
    instructions: gateway?.instructions,
    maxLineBytes,
  };
}

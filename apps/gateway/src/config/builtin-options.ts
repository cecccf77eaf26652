import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { serverOptionsSchema as campaignOptions } from "@tabletop-mcp/campaign";
import { serverOptionsSchema as diceOptions } from "@tabletop-mcp/dice";
import { serverOptionsSchema as dualityOptions } from "@tabletop-mcp/duality";
import { serverOptionsSchema as worldOptions } from "@tabletop-mcp/world";
import type * as z from "zod";
import type { BuiltinName, ConfigProblem } from "./types.js";

const SCHEMAS: Record<BuiltinName, z.ZodType<Record<string, unknown>>> = {
  dice: diceOptions,
  duality: dualityOptions,
  campaign: campaignOptions,
  world: worldOptions,
};

/** The option naming a builtin's file, resolved against the config file's directory. */
const PATH_OPTIONS: Partial<Record<BuiltinName, string>> = {
  campaign: "dbPath",
  world: "worldPath",
};

/** The name of the world server's world-file option (what `--world FILE` sets). */
export const WORLD_FILE_OPTION = "worldPath";

/** Where the campaign builtin keeps its database when the config names none (campaign.md). */
export function defaultCampaignDatabase(env: Readonly<Record<string, string | undefined>>): string {
  const dataHome = env.XDG_DATA_HOME || join(homedir(), ".local", "share");
  return join(dataHome, "tabletop-mcp", "campaign.db");
}

/**
 * Validates a builtin's `options` with the schema its package exports, fills the campaign's
 * default database, and resolves file options against the config's directory.
 *
 * @param builtin - which server
 * @param options - the raw `options` object
 * @param path - the config path of `options`, for messages
 * @param baseDirectory - the config file's directory
 * @param env - the gateway's environment (for the XDG default)
 * @returns the options, or the problems found
 */
export function checkBuiltinOptions(
  builtin: BuiltinName,
  options: unknown,
  path: string,
  baseDirectory: string,
  env: Readonly<Record<string, string | undefined>>,
): { options: Record<string, unknown> } | { problems: ConfigProblem[] } {
  const parsed = SCHEMAS[builtin].safeParse(options);
  if (!parsed.success) {
    return { problems: parsed.error.issues.flatMap((issue) => describeIssue(issue, path)) };
  }
  const result: Record<string, unknown> = { ...parsed.data };
  const pathOption = PATH_OPTIONS[builtin];
  if (builtin === "campaign" && result.dbPath === undefined) {
    result.dbPath = defaultCampaignDatabase(env);
  }
  if (pathOption && typeof result[pathOption] === "string") {
    result[pathOption] = resolveFileOption(result[pathOption] as string, baseDirectory);
  }
  return { options: result };
}

function resolveFileOption(value: string, baseDirectory: string): string {
  if (value === ":memory:") return value;
  if (value.startsWith("~/")) return join(homedir(), value.slice(2));
  return isAbsolute(value) ? value : resolve(baseDirectory, value);
}

function describeIssue(issue: z.core.$ZodIssue, path: string): ConfigProblem[] {
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({ path: `${path}.${key}`, issue: "unknown option" }));
  }
  const where = [path, ...issue.path.map(String)].join(".");
  if (issue.code === "invalid_type" && issue.input === undefined) {
    return [{ path: where, issue: "missing required option" }];
  }
  return [{ path: where, issue: issue.message }];
}

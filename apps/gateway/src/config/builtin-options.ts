import { homedir } from "node:os";
import { join } from "node:path";
import { serverOptionsSchema as campaignOptions } from "@tabletop-mcp/campaign";
import { serverOptionsSchema as diceOptions } from "@tabletop-mcp/dice";
import { serverOptionsSchema as dualityOptions } from "@tabletop-mcp/duality";
import { serverOptionsSchema as worldOptions } from "@tabletop-mcp/world";
import type * as z from "zod";
import { type Environment, resolvePath } from "./field-schemas.js";
import type { BuiltinName } from "./types.js";

/** Each builtin's `options` schema, as its package exports it next to `createServer`. */
export const BUILTIN_OPTIONS: Record<BuiltinName, z.ZodType<Record<string, unknown>>> = {
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

/** Where the campaign builtin keeps its database when the config names none. */
function defaultCampaignDatabase(env: Environment): string {
  const dataHome = env.XDG_DATA_HOME || join(homedir(), ".local", "share");
  return join(dataHome, "tabletop-mcp", "campaign.db");
}

/**
 * A builtin's valid options made effective: the campaign's default database filled in, and
 * file options resolved against the config's directory (`:memory:` is no file).
 *
 * @param builtin - which server
 * @param options - its options, as its schema accepted them
 * @param baseDirectory - the config file's directory
 * @param env - the gateway's environment (for the XDG default)
 */
export function effectiveBuiltinOptions(
  builtin: BuiltinName,
  options: Readonly<Record<string, unknown>>,
  baseDirectory: string,
  env: Environment,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...options };
  if (builtin === "campaign" && result.dbPath === undefined) {
    result.dbPath = defaultCampaignDatabase(env);
  }
  const pathOption = PATH_OPTIONS[builtin];
  const path = pathOption === undefined ? undefined : result[pathOption];
  if (pathOption && typeof path === "string" && path !== ":memory:") {
    result[pathOption] = resolvePath(path, baseDirectory);
  }
  return result;
}

/**
 * The commands under test, resolved relative to this file, with one call each that must
 * succeed on a healthy server.
 */
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));

/** The built command of a package, e.g. `packages/dice/dist/cli.js`. */
export function commandPath(relative: string): string {
  return join(repoRoot, relative);
}

/** The world fixture the world server and the gateway's world builtin load. */
const worldFixture = fileURLToPath(new URL("../../fixtures/tavern-scene.urd.md", import.meta.url));

/**
 * How a server's domain errors are shaped: the contract's codes, or the world server's own
 * objects (docs/world.md §3.3).
 */
export type ErrorStyle = "contract" | "world";

/** One server command and how to start it for a test. */
export interface ServerCommand {
  name: string;
  entry: string;
  /** Arguments for stdio and HTTP alike (never `--transport` or `--port`). */
  args: string[];
  env: Record<string, string>;
  knownGood: { tool: string; args: Record<string, unknown> };
  errorStyle: ErrorStyle;
}

export const gatewayEntry = commandPath("apps/gateway/dist/cli.js");

/** Whether the gateway has been built; its tests are skipped (visibly) until it is. */
export const gatewayBuilt = existsSync(gatewayEntry);

/**
 * A gateway config with the three default builtins, dice unthrottled (fuzzing is about inputs,
 * not spacing) and campaign on a throw-away database; `overrides` are merged per server.
 */
export function writeGatewayConfig(
  overrides: Record<string, Record<string, unknown>> = {},
): string {
  const directory = mkdtempSync(join(tmpdir(), "reliability-gateway-"));
  const file = join(directory, "gateway.json");
  const servers: Record<string, Record<string, unknown>> = {
    dice: { builtin: "dice", rate_limit_ms: 0 },
    duality: { builtin: "duality" },
    campaign: { builtin: "campaign", options: { dbPath: join(directory, "campaign.db") } },
  };
  for (const [name, override] of Object.entries(overrides))
    servers[name] = { ...servers[name], ...override };
  writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  return file;
}

/**
 * Every server command; the gateway only once it is built. `TABLETOP_TEST_SERVERS` (names,
 * comma-separated) keeps only those, e.g. on a Node the SQLite addon was not built for.
 */
export function serverCommands(): ServerCommand[] {
  const only = process.env.TABLETOP_TEST_SERVERS?.split(",");
  return allServerCommands().filter((server) => !only || only.includes(server.name));
}

function allServerCommands(): ServerCommand[] {
  const commands: ServerCommand[] = [
    {
      name: "dice",
      entry: commandPath("packages/dice/dist/cli.js"),
      args: ["--rate-limit-ms", "0"],
      env: {},
      knownGood: { tool: "roll_dice", args: { dice_count: 2, dice_sides: 6 } },
      errorStyle: "contract",
    },
    {
      name: "duality",
      entry: commandPath("packages/duality/dist/cli.js"),
      args: [],
      env: {},
      knownGood: { tool: "duality_rules_version", args: {} },
      errorStyle: "contract",
    },
    {
      name: "campaign",
      entry: commandPath("packages/campaign/dist/cli.js"),
      args: ["--db", ":memory:"],
      env: {},
      knownGood: { tool: "campaign_create", args: { name: "Known good", gm_mode: "HUMAN" } },
      errorStyle: "contract",
    },
    {
      name: "world",
      entry: commandPath("packages/world/dist/cli.js"),
      args: [worldFixture],
      env: {},
      knownGood: { tool: "get_world_metadata", args: {} },
      errorStyle: "world",
    },
  ];
  if (gatewayBuilt) {
    commands.push({
      name: "gateway",
      entry: gatewayEntry,
      args: ["--config", writeGatewayConfig(), "--world", worldFixture],
      env: {},
      knownGood: { tool: "roll_dice", args: { dice_count: 2, dice_sides: 6 } },
      errorStyle: "world",
    });
  }
  return commands;
}

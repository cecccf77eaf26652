import {
  createKitServer,
  type KitServer,
  type Logger,
  linkAppViews,
  type ResourceHub,
  readPackageVersion,
  seedOnlyServerOptions,
} from "@tabletop-mcp/kit";
import { APP_VIEW_LINKS, APP_VIEWS } from "./app-views.js";
import { createRandomDieRoller, type DieRoller } from "./engine/index.js";
import { createDualityTools } from "./tools/index.js";

/** How to build one Duality server instance. */
export interface DualityServerOptions {
  /**
   * Replay seed (1-256 characters): every server built with the same seed rolls the same dice
   * in the same order. Without one the dice come from the platform CSPRNG.
   */
  seed?: string | undefined;
  /** Scripted dice for tests; takes precedence over `seed`. Must return an integer 1..sides. */
  rollDie?: DieRoller | undefined;
  logger?: Logger | undefined;
  /** The process-wide resource hub, when this server runs beside others. */
  hub?: ResourceHub | undefined;
}

/** What a config file may set for a Duality server: only the replay seed (docs/duality.md §7). */
export const serverOptionsSchema = seedOnlyServerOptions;

const INSTRUCTIONS = [
  "Daggerheart Duality rules: classify and explain Hope/Fear rolls, compute exact odds, resolve damage.",
  "Roll with duality_action_roll (actions) or duality_reaction_roll (reactions);",
  "classify dice rolled elsewhere with duality_outcome or duality_reaction_outcome;",
  "show the steps with duality_explain; give exact odds with duality_probability;",
  "turn damage into Hit Points with duality_damage_resolve.",
  "This server keeps no state: apply Hope, Fear, Stress and HP changes elsewhere.",
].join(" ");

const VERSION = readPackageVersion(import.meta.url);

/**
 * Builds a Duality server with its own die roller, ready to connect to any transport. Each call
 * starts a fresh roller, so a new session of a seeded server replays the same dice.
 *
 * @param options - replay seed or scripted dice, logger and resource hub
 * @returns a `KitServer`: the SDK server, with its in-process fast path
 * @throws DualityError `INVALID_SEED` when the seed is empty or longer than 256 characters
 */
export function createServer(options: DualityServerOptions = {}): KitServer {
  return createServerFactory(options)();
}

/**
 * Declares the tools once and returns a maker of servers that all share them, and so share one
 * die roller: what a process needs that builds a server per 2026-07-28 request
 * (docs/duality.md §9), without declaring the tools again for each.
 *
 * @param options - as for {@link createServer}
 * @returns a function building one server per call
 * @throws DualityError `INVALID_SEED` when the seed is empty or longer than 256 characters
 */
export function createServerFactory(options: DualityServerOptions = {}): () => KitServer {
  const rollDie = options.rollDie ?? createRandomDieRoller(options.seed);
  const spec = {
    name: "tabletop-duality",
    title: "Daggerheart Duality rules",
    version: VERSION,
    instructions: INSTRUCTIONS,
    tools: linkAppViews(createDualityTools(rollDie), APP_VIEW_LINKS),
    resources: APP_VIEWS.map((view) => view.resource),
  };
  const collaborators = {
    ...(options.hub ? { hub: options.hub } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  };
  return () => createKitServer(spec, collaborators);
}

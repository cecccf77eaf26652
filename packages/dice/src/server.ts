import {
  createKitServer,
  type KitServer,
  type Logger,
  linkAppViews,
  type ResourceHub,
  readPackageVersion,
  seedOnlyServerOptions,
} from "@tabletop-mcp/kit";
import {
  createCryptoSource,
  createSeededSource,
  type RandomSource,
  replaySeedProblem,
} from "@tabletop-mcp/kit/random";
import { APP_VIEW_LINKS, APP_VIEWS } from "./app-views.js";
import { DiceError, type RandomTable } from "./engine/index.js";
import { createDiceTools } from "./tools/index.js";

/** How to build one dice server instance. */
export interface DiceServerOptions {
  /**
   * Replay seed (1-256 characters, docs/dice.md §7): every server built with the same seed rolls the
   * same dice for the same calls. Without one the dice come from the platform CSPRNG.
   */
  seed?: string | undefined;
  /** A source of dice for tests (e.g. a scripted one); takes precedence over `seed`. */
  random?: RandomSource | undefined;
  /** Tables `roll_table` can draw from by name. */
  tables?: ReadonlyMap<string, RandomTable> | undefined;
  /** The clock behind `metadata.timestamp`; the system clock by default. */
  now?: (() => Date) | undefined;
  logger?: Logger | undefined;
  /** The process-wide resource hub, when this server runs beside others. */
  hub?: ResourceHub | undefined;
}

/** What a config file may set for a dice server: only the replay seed (docs/dice.md §7). */
export const serverOptionsSchema = seedOnlyServerOptions;

const INSTRUCTIONS = [
  "Fair, transparent dice for tabletop RPGs.",
  "roll_dice rolls one group with options (keep/drop, reroll, exploding, target number, minimum);",
  "roll_multiple rolls several groups or repeats a set; roll takes standard notation such as 4d6kh3;",
  "dice_probability gives exact odds without rolling; roll_table draws from random tables.",
  "Every answer shows each die, so you can show the work to the players.",
].join(" ");

const VERSION = readPackageVersion(import.meta.url);
const NO_TABLES: ReadonlyMap<string, RandomTable> = new Map();

/**
 * Builds a dice server with its own random source, ready to connect to any transport. Each call
 * starts a fresh generator, so a new session of a seeded server replays the same dice. It never
 * throttles: the kit's runner (or the gateway) spaces calls.
 *
 * @param options - replay seed or test source, named tables, clock, logger and resource hub
 * @returns a `KitServer`: the SDK server, with its in-process fast path
 * @throws DiceError `INVALID_SEED` when the seed is empty or longer than 256 characters
 */
export function createServer(options: DiceServerOptions = {}): KitServer {
  return createServerFactory(options)();
}

/**
 * Declares the tools once and returns a maker of servers that all share them, and so share one
 * random source: what a process needs that builds a server per 2026-07-28 request
 * (docs/dice.md §12), without declaring the tools again for each.
 *
 * @param options - as for {@link createServer}
 * @returns a function building one server per call
 * @throws DiceError `INVALID_SEED` when the seed is empty or longer than 256 characters
 */
export function createServerFactory(options: DiceServerOptions = {}): () => KitServer {
  const tools = createDiceTools({
    random: options.random ?? randomSourceFor(options.seed),
    now: options.now ?? (() => new Date()),
    tables: options.tables ?? NO_TABLES,
  });
  const spec = {
    name: "tabletop-dice",
    title: "Tabletop dice",
    version: VERSION,
    instructions: INSTRUCTIONS,
    tools: linkAppViews(tools, APP_VIEW_LINKS),
    resources: APP_VIEWS.map((view) => view.resource),
  };
  const collaborators = {
    ...(options.hub ? { hub: options.hub } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  };
  return () => createKitServer(spec, collaborators);
}

export function randomSourceFor(seed: string | undefined): RandomSource {
  if (seed === undefined) return createCryptoSource();
  const problem = replaySeedProblem(seed);
  if (problem !== undefined) throw new DiceError("INVALID_SEED", problem);
  return createSeededSource(seed);
}

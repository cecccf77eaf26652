import { randomBytes } from "node:crypto";
import type { Server } from "@modelcontextprotocol/server";
import { createDieRoller, type DieRoller, DualityError } from "@tabletop-mcp/duality/engine";
import {
  createKitServer,
  type KitServer,
  type Logger,
  linkAppViews,
  ResourceHub,
  readPackageVersion,
  replaySeedOption,
  silentLogger,
  subscriptionUriParam,
} from "@tabletop-mcp/kit";
import type { SessionRequest } from "@tabletop-mcp/kit/cli";
import {
  createCryptoSource,
  createSeededSource,
  type RandomSource,
  replaySeedProblem,
} from "@tabletop-mcp/kit/random";
import * as z from "zod";
import { APP_VIEW_LINKS, APP_VIEWS } from "./app-views.js";
import { CallerContexts } from "./caller-contexts.js";
import { relayExternalChanges } from "./change-relay.js";
import type { CommandEnvironment } from "./commands/command-environment.js";
import { createId, type RandomBytes } from "./domain/ids.js";
import { createInviteCode } from "./domain/invite-code.js";
import { emptyContext, type SessionContext } from "./domain/records.js";
import type { KeptSessions, KeptState } from "./kept-sessions.js";
import {
  createResources,
  createResourceTemplates,
  subscribableTemplates,
} from "./resources/index.js";
import { type SessionSubscriptions, serveContextSubscription } from "./session-protocol.js";
import type { CampaignStore } from "./storage/campaign-store.js";
import { MEMORY_DATABASE, openCampaignStore } from "./storage/sqlite/open-sqlite-store.js";
import { createTools } from "./tools/index.js";
import { audienceLabel, createUpdateFilter } from "./update-filter.js";

/** Options of {@link createServer}. */
export interface CampaignServerOptions {
  /** An open store shared by every MCP session of the process (see `openCampaignStore`). */
  store?: CampaignStore;
  /** A database to open when no store is given; `:memory:` (the default) keeps nothing. */
  dbPath?: string;
  /** The clock (test hook). */
  now?: () => Date;
  /** The dice: Hope d12, Fear d12, then the d6 if any (test hook). */
  rollDie?: DieRoller;
  /** The words of the adversaries' attacks (see {@link createDice}); from `seed` when absent. */
  random?: RandomSource;
  /** A replay seed for the dice when no `rollDie` is given. */
  seed?: string;
  /** The randomness of generated ids (test hook). */
  randomBytes?: RandomBytes;
  /** Shared by every MCP session of the process so that resource updates cross sessions. */
  hub?: ResourceHub;
  logger?: Logger;
  /** Sessions kept in the store for any process to serve (docs/campaign.md §10.5). */
  kept?: KeptSessions;
  /** What the kit says of the session: with `kept`, its id keys the session's kept state. */
  session?: SessionRequest;
}

/**
 * The JSON-expressible options of {@link createServer} (a config file can set these): the
 * database path and the dice's replay seed. Strict: unknown keys are rejected.
 */
export const serverOptionsSchema = z.strictObject({
  dbPath: z.string().min(1, "must not be empty").optional(),
  seed: replaySeedOption,
});

const VERSION = readPackageVersion(import.meta.url);

const INSTRUCTIONS =
  "Durable Daggerheart campaigns. Typical flow: campaign_create, participant_create, character_create, set_context {campaign_id}, session_start, set_context {campaign_id, session_id}, then session_action_roll and session_roll_outcome_apply with the returned roll_seq (exactly once per roll). Read campaign://{id}/characters and session://{id}/events for state and history; subscribe to them to follow changes; session_log_search finds words in notes and events. Who may do what: the campaign's creator and GM seats are GMs; players (seats linked with participant_create's user, or claimed with participant_invite's code through participant_claim) may read everything but GM-only notes and act for the characters their seat controls.";

/**
 * Builds one MCP session's server (no transport): the thirty-seven tools and the resources over a
 * shared store, with this session's own context; the session hears only of changes its caller
 * may read. Call once per MCP session with the same
 * `store` and `hub`; the first call also starts relaying writes that other processes commit
 * to the same database to the hub's subscribers.
 *
 * With `kept` and the kit's `session`, the session's context and subscriptions are kept in the
 * store (docs/campaign.md §10.5): restored from it when the kit rebuilds the session, saved
 * before `set_context` and subscription changes are answered.
 *
 * @param options - store or database path, test hooks, hub, logger, kept sessions
 * @returns a `KitServer`: an SDK server with its in-process fast path, ready to connect
 */
export function createServer(options: CampaignServerOptions = {}): KitServer {
  const hub = options.hub ?? new ResourceHub();
  const logger = options.logger ?? silentLogger;
  const environment = createCommandEnvironment(options);
  const contexts = new CallerContexts();
  let subject: string | undefined;
  let subscriptions: SessionSubscriptions | undefined;
  const keep = keeper(options, () => ({
    context: contexts.lastSet()?.context ?? emptyContext(),
    subscriptions: subscriptions?.current() ?? [],
  }));
  const tools = createTools({
    environment,
    context: (caller) => contexts.of(caller),
    replaceContext: (caller, next) => contexts.replace(caller, next),
    contextUpdated: async () => {
      subscriptions?.announceContext();
      await keep();
    },
    announce: (uris, audience) => {
      const label = audience && audienceLabel(audience);
      for (const uri of new Set(uris)) hub.updated(uri, label);
    },
  });
  const served = {
    resources: [
      ...createResources(environment, (caller) => contexts.of(caller)),
      ...APP_VIEWS.map((view) => view.resource),
    ],
    resourceTemplates: createResourceTemplates(environment),
  };
  const server = createKitServer(
    {
      name: "tabletop-campaign",
      version: VERSION,
      title: "Tabletop campaigns and sessions",
      instructions: INSTRUCTIONS,
      tools: linkAppViews(tools, APP_VIEW_LINKS),
      ...served,
    },
    { hub, logger },
  );
  subscriptions = serveContextSubscription(
    server,
    hub,
    subscriptionUriParam({
      resources: served.resources,
      resourceTemplates: subscribableTemplates(served.resourceTemplates),
    }),
    (caller) => {
      subject = caller;
    },
    keep,
  );
  const live = subscriptions;
  attachKeptCopy(options, server, (state) => {
    contexts.replace(state.subject, state.context);
    subject = state.subject;
    live.replace(state.subscriptions);
  });
  hub.restrict(
    server,
    createUpdateFilter(environment.store, () => subject),
  );
  relayExternalChanges(environment.store, hub);
  return server;
}

/**
 * Declares the tools and resources once for the 2026-07-28 era and returns a maker of servers
 * that all share them, one per request. A modern request has no session (docs/campaign.md
 * §10.6): the ids it leaves out default from the `context` handle it names, or from nothing, so
 * `set_context` mints and keeps the handle and the server remembers no context; there are no
 * kept sessions and no `resources/subscribe` (a listen stream hears changes instead).
 *
 * @param options - store or database path, test hooks, hub and logger
 * @returns a function building one server per call
 */
export function createModernServerFactory(
  options: Omit<CampaignServerOptions, "kept" | "session"> = {},
): () => KitServer {
  const hub = options.hub ?? new ResourceHub();
  const logger = options.logger ?? silentLogger;
  const environment = createCommandEnvironment(options);
  const noContext = (_caller: string) => emptyContext();
  const tools = createTools({
    environment,
    context: noContext,
    replaceContext: (_caller, next) => !sameContext(next, emptyContext()),
    contextUpdated: async () => {},
    announce: (uris, audience) => {
      const label = audience && audienceLabel(audience);
      for (const uri of new Set(uris)) hub.updated(uri, label);
    },
  });
  const spec = {
    name: "tabletop-campaign",
    version: VERSION,
    title: "Tabletop campaigns and sessions",
    instructions: INSTRUCTIONS,
    tools: linkAppViews(tools, APP_VIEW_LINKS),
    resources: [
      ...createResources(environment, noContext),
      ...APP_VIEWS.map((view) => view.resource),
    ],
    resourceTemplates: createResourceTemplates(environment),
  };
  const filter = createUpdateFilter(environment.store, () => undefined);
  relayExternalChanges(environment.store, hub);
  return () => {
    const server = createKitServer(spec, { hub, logger });
    hub.restrict(server, filter);
    return server;
  };
}

/**
 * The store, clock, ids and dice the commands of one process share, from the server's options:
 * the store given or opened, the system clock, random ids and invite codes, the dice.
 *
 * @param options - store or database path, and the test hooks
 * @returns the environment every command runs against
 */
export function createCommandEnvironment(
  options: Pick<
    CampaignServerOptions,
    "store" | "dbPath" | "now" | "rollDie" | "random" | "seed" | "randomBytes"
  >,
): CommandEnvironment {
  const bytes = options.randomBytes ?? ((count: number) => randomBytes(count));
  return {
    store: options.store ?? openCampaignStore(options.dbPath ?? MEMORY_DATABASE),
    now: options.now ?? (() => new Date()),
    newId: (prefix) => createId(prefix, bytes),
    newInviteCode: () => createInviteCode(bytes),
    ...diceOf(options),
  };
}

/**
 * The dice of a process: one stream of words, unpredictable or the replay seed's, that the
 * Duality dice and the adversaries' attacks both draw from, so that one seed replays them all.
 *
 * @param seed - a replay seed of 1 to 256 characters, if any
 * @throws DualityError `INVALID_SEED` for an empty or too long seed
 */
export function createDice(seed?: string): { rollDie: DieRoller; random: RandomSource } {
  let random: RandomSource;
  if (seed === undefined) random = createCryptoSource();
  else {
    const problem = replaySeedProblem(seed);
    if (problem !== undefined) throw new DualityError("INVALID_SEED", problem);
    random = createSeededSource(seed);
  }
  return { rollDie: createDieRoller(random), random };
}

/** The options' dice; a given `rollDie` or `random` replaces its part alone. */
function diceOf(
  options: Pick<CampaignServerOptions, "rollDie" | "random" | "seed">,
): Pick<CommandEnvironment, "rollDie" | "random"> {
  if (options.rollDie !== undefined && options.random !== undefined) {
    return { rollDie: options.rollDie, random: options.random };
  }
  const dice = createDice(options.seed);
  return { rollDie: options.rollDie ?? dice.rollDie, random: options.random ?? dice.random };
}

function sameContext(a: SessionContext, b: SessionContext): boolean {
  return (
    a.campaign_id === b.campaign_id &&
    a.session_id === b.session_id &&
    a.participant_id === b.participant_id
  );
}

/**
 * How a session saves its context and subscriptions when its sessions are kept in the store
 * (docs/campaign.md §10.5); does nothing otherwise.
 */
function keeper(
  options: CampaignServerOptions,
  state: () => Omit<KeptState, "subject">,
): () => Promise<void> {
  const { kept } = options;
  const id = options.session?.sessionId;
  if (!kept || id === undefined) return async () => {};
  return () => kept.save(id, state());
}

/**
 * Makes a kept session's server follow the store: restored from it when the kit rebuilt the
 * session, and brought up to date each time the kit reads it again.
 */
function attachKeptCopy(
  options: CampaignServerOptions,
  server: Server,
  apply: (state: KeptState) => void,
): void {
  const { kept, session } = options;
  const id = session?.sessionId;
  if (!kept || id === undefined) return;
  const restored = session?.restored?.state as KeptState | undefined;
  if (restored) apply(restored);
  const detach = kept.attach(id, { apply });
  const previous = server.onclose;
  server.onclose = () => {
    previous?.();
    detach();
  };
}

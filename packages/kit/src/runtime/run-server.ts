import type { Server } from "@modelcontextprotocol/server";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import type { AuthSettings } from "../auth/auth-settings.js";
import { declaredScopes } from "../auth/request-scopes.js";
import {
  checkExposure,
  isLoopbackHost,
  resolveAuthSettings,
  TRUST_GATEWAY_IDENTITY_FLAG,
} from "../cli/auth-flags.js";
import type { CommonOptions, ExtraFlag, PositionalArgument } from "../cli/flags.js";
import { parseCommandLine } from "../cli/flags.js";
import { helpText } from "../cli/help.js";
import { UsageError } from "../cli/usage-error.js";
import type { DurableSessions } from "../http/durable-sessions.js";
import type { HttpRoute } from "../http/extra-routes.js";
import { serveHttp } from "../http/serve-http.js";
import { createLogger, type Logger } from "../logger.js";
import { type ListenerSource, ResourceHub } from "../resource-hub.js";
import { InFlightRequests } from "./in-flight.js";
import type { SessionRequest } from "./session-request.js";
import { serveStdio } from "./stdio.js";

/** What a server's setup receives: the parsed command line and the process-wide collaborators. */
export interface SetupContext {
  options: CommonOptions;
  /** The server's extra flags by name (see {@link ExtraFlag}). */
  extra: Record<string, unknown>;
  positional: string | undefined;
  logger: Logger;
  /** Shared by every session of the process. */
  hub: ResourceHub;
}

/** What setup returns: how to make one session's server, and what to release at exit. */
export interface ServerFactory {
  /** Makes one session's server; may throw {@link SessionRefusedError} (HTTP answers 400). */
  createServer: (session: SessionRequest) => Server;
  /** Called once when shutdown begins, before in-flight calls are awaited (e.g. to cancel them). */
  stopping?: () => void | Promise<void>;
  close?: () => void | Promise<void>;
  /** Streamable HTTP sessions kept in a shared store, so that any process can serve them. */
  durableSessions?: DurableSessions;
  /** Extra fields merged into the `/mcp/health` body. */
  health?: () => Record<string, unknown>;
  /** `GET` routes the HTTP transport adds beside `/mcp` (see {@link HttpRoute}). */
  routes?: readonly HttpRoute[];
  /** Called once the HTTP listener is up, after the `listening on` line, with the MCP URL. */
  listening?: (url: string) => void;
  /**
   * The scopes this server's requests may need, for the OAuth protected resource metadata.
   * Absent: read from the scopes a kit server declares (one instance is made and closed).
   */
  scopes?: readonly string[];
  /** The scope a token needs to see the health details (token table and OAuth modes). */
  healthScope?: string;
  /** What modern-era listen streams hear, when not the process's resource hub (the gateway). */
  listeners?: ListenerSource;
}

/** What setup returns instead of a factory when the command's work is done without serving. */
export interface CommandExit {
  exitCode: number;
}

/** A command: its flags and how to build its server. */
export interface CommandSpec {
  /** The command name, e.g. `tabletop-dice`; also the logger's name. */
  command: string;
  summary: string;
  version: string;
  defaultPort: number;
  defaultRateLimitMs?: number;
  /** Names what is rate-limited in `RATE_LIMITED` messages, e.g. `dice requests`. */
  requestNoun?: string;
  extraFlags?: readonly ExtraFlag[];
  positional?: PositionalArgument;
  /** Runs once per process, after the command line is accepted; may throw {@link UsageError}. */
  setup: (
    context: SetupContext,
  ) => ServerFactory | CommandExit | Promise<ServerFactory | CommandExit>;
}

/** Where a run reads its arguments and environment; tests may pass their own. */
export interface RunEnvironment {
  argv?: readonly string[];
  env?: Readonly<Record<string, string | undefined>>;
}

/** How long shutdown waits for in-flight calls before closing anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The whole life of a server process: parses flags (exit 2 with one line on bad input), serves
 * stdio or HTTP, and shuts down gracefully on SIGINT, SIGTERM or stdin close (stdio), letting
 * in-flight calls finish, then exits 0.
 */
export async function runServer(
  spec: CommandSpec,
  environment: RunEnvironment = {},
): Promise<void> {
  const argv = environment.argv ?? process.argv.slice(2);
  const env = environment.env ?? process.env;
  const lineSpec = {
    defaultPort: spec.defaultPort,
    defaultRateLimitMs: spec.defaultRateLimitMs ?? 0,
    ...(spec.extraFlags ? { extraFlags: spec.extraFlags } : {}),
    ...(spec.positional ? { positional: spec.positional } : {}),
  };
  let factory: ServerFactory | CommandExit;
  let context: SetupContext;
  let auth: AuthSettings = { mode: "none" };
  try {
    const parsed = parseCommandLine(argv, env, lineSpec);
    if (parsed.kind === "help") {
      process.stdout.write(helpText({ command: spec.command, summary: spec.summary }, lineSpec));
      return;
    }
    if (parsed.kind === "version") {
      process.stdout.write(`${spec.version}\n`);
      return;
    }
    if (parsed.options.transport === "http") auth = httpAuthSettings(parsed.options);
    const logger = createLogger(spec.command, parsed.options.logLevel);
    const forwardedSubjects = parsed.options.auth.trustGatewayIdentity === true;
    context = { ...parsed, logger, hub: new ResourceHub({ forwardedSubjects }) };
    factory = await spec.setup(context);
  } catch (error) {
    if (error instanceof UsageError) exitWithUsageError(spec.command, error);
    throw error;
  }
  if ("exitCode" in factory) process.exit(factory.exitCode);
  await serve(spec, context, factory, auth);
}

/** Serves one stdio connection with the factory's servers (docs/contract.md §3, §9). */
function serveOverStdio(
  spec: CommandSpec,
  context: SetupContext,
  factory: ServerFactory,
  inFlight: InFlightRequests,
  onInputClosed: () => void,
) {
  const { options, logger } = context;
  return serveStdio({
    createServer: factory.createServer,
    rateLimitMs: options.rateLimitMs,
    inFlight,
    logger,
    ...(spec.requestNoun ? { requestNoun: spec.requestNoun } : {}),
    trustGatewayIdentity: options.auth.trustGatewayIdentity === true,
    onInputClosed,
    listeners: factory.listeners ?? context.hub,
  });
}

/**
 * The auth mode of an HTTP server, refusing a non-loopback address without auth.
 * @throws UsageError for bad or conflicting auth flags
 */
function httpAuthSettings(options: CommonOptions): AuthSettings {
  if (options.auth.trustGatewayIdentity) {
    throw new UsageError(
      `--${TRUST_GATEWAY_IDENTITY_FLAG.name} (${TRUST_GATEWAY_IDENTITY_FLAG.env}) applies only to --transport stdio: over HTTP any client could name any caller`,
    );
  }
  const settings = resolveAuthSettings(options.authToken, options.auth);
  checkExposure(options.host, settings, options.auth.allowUnauthenticated);
  if (settings.mode === "none" && !isLoopbackHost(options.host)) {
    process.stderr.write(
      `warning: serving ${options.host} without auth: anyone who can reach it may use every tool\n`,
    );
  }
  return settings;
}

/** The scopes a server's factory says it needs, else those of one instance it makes. */
async function scopesOfFactory(factory: ServerFactory): Promise<readonly string[]> {
  if (factory.scopes) return factory.scopes;
  const server = factory.createServer({ transport: "streamable", query: new URLSearchParams() });
  const scopes = declaredScopes(server);
  const [, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await server.close();
  return scopes;
}

function exitWithUsageError(command: string, error: UsageError): never {
  process.stderr.write(`${command}: ${error.message}\n`);
  process.exit(2);
}

async function serve(
  spec: CommandSpec,
  context: SetupContext,
  factory: ServerFactory,
  auth: AuthSettings,
): Promise<void> {
  const { options, logger } = context;
  const inFlight = new InFlightRequests();
  let stopTransport: () => Promise<void>;
  let stopAccepting = () => {};
  let shuttingDown = false;
  const shutdown = async (reason: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info("shutting down", { reason, in_flight: inFlight.size });
    stopAccepting();
    await Promise.resolve(factory.stopping?.()).catch((error: unknown) =>
      logger.error(`stopping failed: ${String(error)}`),
    );
    await inFlight.idle(SHUTDOWN_GRACE_MS);
    await stopTransport().catch((error: unknown) => logger.error(`close failed: ${String(error)}`));
    await Promise.resolve(factory.close?.()).catch((error: unknown) =>
      logger.error(`close failed: ${String(error)}`),
    );
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  if (options.transport === "stdio") {
    const onInputClosed = () => void shutdown("stdin closed");
    const handle = await serveOverStdio(spec, context, factory, inFlight, onInputClosed);
    stopTransport = () => handle.close();
    return;
  }
  try {
    const handle = await serveHttp({
      createServer: factory.createServer,
      name: spec.command,
      version: spec.version,
      host: options.host,
      port: options.port,
      allowedHosts: options.allowedHosts,
      authToken: options.authToken,
      auth,
      ...(options.auth.publicUrl !== undefined ? { publicUrl: options.auth.publicUrl } : {}),
      ...(auth.mode === "oauth" ? { scopesSupported: await scopesOfFactory(factory) } : {}),
      ...(factory.healthScope !== undefined ? { healthScope: factory.healthScope } : {}),
      rateLimitMs: options.rateLimitMs,
      logger,
      inFlight,
      listeners: factory.listeners ?? context.hub,
      limits: options.limits,
      ...(spec.requestNoun ? { requestNoun: spec.requestNoun } : {}),
      ...(factory.health ? { health: factory.health } : {}),
      ...(factory.routes ? { routes: factory.routes } : {}),
      ...(factory.durableSessions ? { durableSessions: factory.durableSessions } : {}),
    });
    stopTransport = () => handle.close();
    stopAccepting = () => handle.drain();
    process.stderr.write(`listening on ${handle.url}\n`);
    factory.listening?.(handle.url);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "EADDRINUSE" || code === "EACCES" || code === "EADDRNOTAVAIL") {
      process.stderr.write(
        `${spec.command}: cannot listen on ${options.host}:${options.port} (${code})\n`,
      );
      process.exit(2);
    }
    throw error;
  }
}

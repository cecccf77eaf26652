import { escapeControlCharacters, type Logger, redact, registerSecret } from "@tabletop-mcp/kit";
import { FORWARDED_IDENTITY_CAPABILITY } from "@tabletop-mcp/kit/auth";
import {
  type CommandExit,
  type ServerFactory,
  SessionRefusedError,
  type SessionRequest,
} from "@tabletop-mcp/kit/cli";
import { ADMIN_SCOPE } from "./auth/request-scopes.js";
import { configLine } from "./config/config-problems.js";
import { configSecrets, environmentSecrets } from "./config/config-secrets.js";
import { loadConfig } from "./config/load-config.js";
import { printableConfig } from "./config/print-config.js";
import { ConfigError, TIERS, type Tier } from "./config/types.js";
import { Gateway, type StartupProblem } from "./gateway.js";
import { statusRoutes } from "./status/status-routes.js";
import { readStatusPage } from "./status-page-file.js";
import { parseTier } from "./tiers/tiers.js";

/** What the gateway command was asked to do. */
export interface GatewayCommand {
  configFile: string | undefined;
  worldFile: string | undefined;
  /** `--tier`, when given. */
  tier: Tier | undefined;
  printConfig: boolean;
  check: boolean;
  /** Whether callers are told apart (a token table or OAuth), for `--check`'s notes. */
  multiUserAuth: boolean;
  /** `--rate-limit-ms` when given: the spacing of builtins whose entry sets none. */
  builtinRateLimitMs: number | undefined;
  /** `--session-idle-ms`, when given: how long a caller's own connections outlive its requests. */
  sessionIdleMs?: number;
  /** `--auth-token`: a secret like those of the config. */
  authToken: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  logger: Logger;
  version: string;
}

/**
 * Does what the command line asked: prints the config, checks it, or builds the gateway and
 * returns the session factory the kit serves. Problems go to stderr, one line each.
 *
 * @param command - flags and environment
 * @returns the factory to serve, or the exit code when there is nothing to serve
 */
export async function prepareGateway(
  command: GatewayCommand,
): Promise<ServerFactory | CommandExit> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({
      configFile: command.configFile,
      worldFile: command.worldFile,
      builtinRateLimitMs: command.builtinRateLimitMs,
      env: command.env,
      logger: command.logger,
      cwd: command.cwd,
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    writeLines(error.lines);
    return { exitCode: 2 };
  }
  const secrets = [...configSecrets(config), ...environmentSecrets(command.env)];
  if (command.authToken !== undefined) secrets.push(command.authToken);
  for (const secret of secrets) registerSecret(secret);
  if (command.printConfig) {
    process.stdout.write(`${JSON.stringify(printableConfig(config), null, 2)}\n`);
    return { exitCode: 0 };
  }
  const defaultTier = command.tier ?? config.defaultTier;
  const { gateway, problems, notices } = await Gateway.start(config, {
    logger: command.logger,
    version: command.version,
    ...(command.sessionIdleMs !== undefined ? { sessionIdleMs: command.sessionIdleMs } : {}),
  });
  if (problems.length > 0) {
    writeLines(problems.map(startupLine));
    await gateway.close();
    return { exitCode: 2 };
  }
  if (command.check) {
    const notes = command.multiUserAuth ? [...notices, ...singleUserNotes(gateway)] : notices;
    return checkResult(gateway, notes);
  }
  return {
    createServer: (session: SessionRequest) =>
      gateway.createSessionServer(sessionTier(session, defaultTier), session),
    stopping: () => gateway.closeSessions(),
    close: () => gateway.close(),
    health: () => ({
      upstreams: gateway.upstreamStats(),
      tools: gateway.toolStats(),
      resource_conflicts: gateway.resourceConflicts(),
    }),
    listeners: { listen: (sink) => gateway.listen(sink, sessionTier(sink, defaultTier)) },
    scopes: gateway.scopes(),
    healthScope: ADMIN_SCOPE,
    routes: statusRoutes(gateway, { defaultTier, readPage: readStatusPage }),
    listening: (url) => process.stderr.write(clientSnippet(url)),
  };
}

/** A startup problem as printed: config keys as config problems, the rest as the command's. */
function startupLine(problem: StartupProblem): string {
  return problem.kind === "config"
    ? configLine(problem.problem)
    : `tabletop-gateway: ${problem.message}`;
}

/** Writes problem lines to stderr, secrets hidden and control characters escaped. */
function writeLines(lines: readonly string[]): void {
  if (lines.length === 0) return;
  const shown = lines.map((line) => escapeControlCharacters(redact(line)));
  process.stderr.write(`${shown.join("\n")}\n`);
}

/** The lines printed after `listening on`: a client configuration ready to paste. */
function clientSnippet(url: string): string {
  const config = { mcpServers: { tabletop: { type: "http", url } } };
  return `client configuration:\n${JSON.stringify(config, null, 2)}\n`;
}

/** The tier a session or listen stream asked for with `?tier=`, else the default. */
function sessionTier(session: Pick<SessionRequest, "query">, fallback: Tier): Tier {
  const asked = session.query.get("tier");
  if (asked === null) return fallback;
  const tier = parseTier(asked);
  if (tier === undefined) {
    throw new SessionRefusedError(
      `Invalid tier ${JSON.stringify(asked)}: accepted values are ${TIERS.join(", ")}`,
    );
  }
  return tier;
}

/**
 * A note for each reachable stdio upstream that does not take the caller from the gateway:
 * behind a gateway that tells callers apart, every caller is one user to it (docs/gateway.md
 * §4.5).
 */
function singleUserNotes(gateway: Gateway): string[] {
  return gateway.upstreams
    .filter((upstream) => upstream.entry.kind === "stdio" && upstream.isServing())
    .filter(
      (upstream) =>
        upstream.capabilities?.experimental?.[FORWARDED_IDENTITY_CAPABILITY] === undefined,
    )
    .map(
      (upstream) =>
        `tabletop-gateway: stdio upstream "${upstream.name}" does not take the caller from the gateway${upstream.entry.trusted ? "" : ' (its entry is not "trusted": true)'}: every caller is one user to it`,
    );
}

async function checkResult(gateway: Gateway, notices: readonly string[]): Promise<CommandExit> {
  const unreachable = gateway.upstreams.filter((upstream) => !upstream.isServing());
  writeLines(
    unreachable.map(
      (upstream) =>
        `tabletop-gateway: upstream "${upstream.name}" could not be reached: ${upstream.lastError ?? "unknown error"}`,
    ),
  );
  const tools = gateway.catalog.tools.size;
  for (const notice of notices) process.stdout.write(`${redact(notice)}\n`);
  process.stdout.write(
    `${gateway.upstreams.length - unreachable.length} of ${gateway.upstreams.length} upstreams reachable, ${tools} tools, no name problems\n`,
  );
  await gateway.close();
  return { exitCode: unreachable.length > 0 ? 1 : 0 };
}

import { processRedactor, REDACTED, type Redactor } from "@tabletop-mcp/kit";
import type { GatewayConfig, ServerEntry } from "./types.js";
import type { ClientCredentialsAuth } from "./upstream-auth.js";

/**
 * The effective config as the JSON `--print-config` prints: defaults filled in, header and env
 * values shown as `***`, and every other value (command, arguments, URL, folder, options)
 * with its secrets hidden by the redactor: registered secrets, URL userinfo and query values.
 *
 * @param config - the effective config
 * @param redactor - knows the secrets (the process's, where the gateway registered them)
 * @returns a JSON-ready object in the config file's own key names
 */
export function printableConfig(
  config: GatewayConfig,
  redactor: Redactor = processRedactor,
): Record<string, unknown> {
  const mcpServers: Record<string, unknown> = {};
  for (const entry of config.servers) {
    mcpServers[entry.name] = redactor.redactDeep(printableEntry(entry));
  }
  return {
    mcpServers,
    gateway: {
      default_tier: config.defaultTier,
      max_line_bytes: config.maxLineBytes,
      ...(config.instructions !== undefined ? { instructions: config.instructions } : {}),
    },
  };
}

function printableEntry(entry: ServerEntry): Record<string, unknown> {
  const kindKeys =
    entry.kind === "builtin"
      ? { builtin: entry.builtin, options: entry.options }
      : entry.kind === "http"
        ? {
            url: entry.url,
            headers: masked(entry.headers),
            ...(entry.auth ? { auth: printableAuth(entry.auth) } : {}),
          }
        : {
            command: entry.command,
            args: entry.args,
            env: masked(entry.env),
            ...(entry.cwd !== undefined ? { cwd: entry.cwd } : {}),
            per_session: entry.perSession,
            ...(entry.perSession ? { max_sessions: entry.maxSessions } : {}),
            max_line_bytes: entry.maxLineBytes,
          };
  return {
    type: entry.kind,
    ...kindKeys,
    ...(entry.prefix !== undefined ? { prefix: entry.prefix } : {}),
    tools: { ...(entry.allow !== undefined ? { allow: entry.allow } : {}), deny: entry.deny },
    timeout_ms: entry.timeoutMs,
    max_total_timeout_ms: entry.maxTotalTimeoutMs,
    startup_timeout_ms: entry.startupTimeoutMs,
    probe_timeout_ms: entry.probeTimeoutMs,
    rate_limit_ms: entry.rateLimitMs,
    tiers: entry.tiers,
    ...(entry.scopes !== undefined ? { scopes: entry.scopes } : {}),
    trusted: entry.trusted,
  };
}

/** The client credentials as the config file spells them, the secret masked. */
function printableAuth(auth: ClientCredentialsAuth): Record<string, unknown> {
  return {
    type: auth.type,
    ...(auth.tokenUrl !== undefined ? { token_url: auth.tokenUrl } : {}),
    ...(auth.issuer !== undefined ? { issuer: auth.issuer } : {}),
    client_id: auth.clientId,
    client_secret: REDACTED,
    ...(auth.scope !== undefined ? { scope: auth.scope } : {}),
    ...(auth.resource !== undefined ? { resource: auth.resource } : {}),
  };
}

function masked(values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.keys(values).map((key) => [key, REDACTED]));
}

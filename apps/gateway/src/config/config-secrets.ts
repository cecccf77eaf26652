import type { GatewayConfig } from "./types.js";

/** Names of variables and flags that hold credentials. */
const SECRET_NAME =
  /token|secret|passw(?:or)?d|passphrase|api[-_]?key|access[-_]?key|private[-_]?key|credential|auth/i;
/** A command-line flag, alone (`--api-key`) or with its value (`--api-key=VALUE`). */
const FLAG = /^--?([A-Za-z0-9][\w-]*)(?:=(.*))?$/s;
/** The credential after an authorization scheme, as in `Bearer abc` or `Basic dXNlcjpw`. */
const SCHEME_AND_CREDENTIAL = /^[A-Za-z][\w-]*\s+(\S.*)$/s;

/**
 * The values of a config that must never be shown: every `headers` and `env` value (and the
 * credential part of `Scheme credential` headers), every `auth.client_secret`, the userinfo
 * and query values of every URL (upstream URLs and URL arguments), and each argument given to
 * a credential flag (`--token VALUE`, `--api-key=VALUE`).
 *
 * @param config - the effective config, `${NAME}` already expanded
 * @returns the secret values (unordered, possibly repeated)
 */
export function configSecrets(config: GatewayConfig): string[] {
  const secrets: string[] = [];
  for (const entry of config.servers) {
    if (entry.kind === "http") {
      secrets.push(...urlSecrets(entry.url));
      secrets.push(...headerSecrets(entry.headers));
      if (entry.auth) secrets.push(entry.auth.clientSecret);
    } else if (entry.kind === "stdio") {
      secrets.push(...Object.values(entry.env));
      secrets.push(...argumentSecrets(entry.args));
    }
  }
  return secrets;
}

/**
 * The values of the gateway's own environment variables whose names say they hold
 * credentials (`RULES_TOKEN`, `MCP_AUTH_TOKEN`, `OPENAI_API_KEY` …).
 *
 * @param env - the process environment
 * @returns their values
 */
export function environmentSecrets(env: Readonly<Record<string, string | undefined>>): string[] {
  return Object.entries(env).flatMap(([name, value]) =>
    value !== undefined && SECRET_NAME.test(name) ? [value] : [],
  );
}

function headerSecrets(headers: Readonly<Record<string, string>>): string[] {
  return Object.values(headers).flatMap((value) => {
    const credential = SCHEME_AND_CREDENTIAL.exec(value)?.[1];
    return credential === undefined ? [value] : [value, credential];
  });
}

function argumentSecrets(args: readonly string[]): string[] {
  const secrets: string[] = [];
  args.forEach((argument, index) => {
    secrets.push(...urlSecrets(argument));
    const flag = FLAG.exec(argument);
    if (!flag?.[1] || !SECRET_NAME.test(flag[1])) return;
    const value = flag[2] ?? args[index + 1];
    if (value !== undefined) secrets.push(value);
  });
  return secrets;
}

/** The userinfo (whole, user and password, decoded too) and query values of a URL. */
function urlSecrets(text: string): string[] {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return [];
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return [];
  const secrets = [...url.searchParams.values()];
  for (const part of [url.username, url.password]) {
    if (part !== "") secrets.push(part, decodeURIComponent(part));
  }
  return secrets;
}

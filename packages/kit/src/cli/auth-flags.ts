import type { AuthSettings, OAuthSettings } from "../auth/auth-settings.js";
import { loadTokenTable } from "../auth/token-table.js";
import { registerSecret } from "../redaction.js";
import { UsageError } from "./usage-error.js";

/** The auth flags besides `--auth-token` (contract, auth modes), as given. */
export interface AuthFlags {
  tokensFile?: string;
  issuer?: string;
  publicUrl?: string;
  audience?: string;
  jwksUrl?: string;
  introspectionUrl?: string;
  clientId?: string;
  clientSecret?: string;
  allowUnauthenticated: boolean;
  /** `--trust-gateway-identity`: take each request's caller from a gateway (stdio only). */
  trustGatewayIdentity?: boolean;
}

/** One auth flag: where its value goes and how it is checked. */
export interface AuthFlag {
  name: string;
  env: string;
  /** Placeholder in `--help`; absent for a switch. */
  value?: string;
  key: Exclude<keyof AuthFlags, "allowUnauthenticated" | "trustGatewayIdentity">;
  /** `url` values must be absolute http(s) URLs without a fragment. */
  kind: "text" | "url";
  description: string;
}

/** The auth flags that take a value, in `--help` order. */
export const AUTH_FLAGS: readonly AuthFlag[] = [
  {
    name: "auth-tokens",
    env: "MCP_AUTH_TOKENS",
    value: "FILE",
    key: "tokensFile",
    kind: "text",
    description: 'token table: {"tokens":[{"sha256","sub","scopes"}]}, tokens kept only as SHA-256',
  },
  {
    name: "auth-issuer",
    env: "MCP_AUTH_ISSUER",
    value: "URL",
    key: "issuer",
    kind: "url",
    description: "OAuth 2.1: accept access tokens of this authorization server",
  },
  {
    name: "public-url",
    env: "MCP_PUBLIC_URL",
    value: "URL",
    key: "publicUrl",
    kind: "url",
    description:
      "the MCP endpoint as clients reach it: the OAuth resource (default http://HOST:PORT/mcp)",
  },
  {
    name: "auth-audience",
    env: "MCP_AUTH_AUDIENCE",
    value: "A",
    key: "audience",
    kind: "text",
    description: "the audience tokens must name, when the provider does not use the resource",
  },
  {
    name: "auth-jwks-url",
    env: "MCP_AUTH_JWKS_URL",
    value: "URL",
    key: "jwksUrl",
    kind: "url",
    description: "the keys tokens are signed with (default: the issuer's jwks_uri)",
  },
  {
    name: "auth-introspection-url",
    env: "MCP_AUTH_INTROSPECTION_URL",
    value: "URL",
    key: "introspectionUrl",
    kind: "url",
    description:
      "RFC 7662 endpoint for opaque tokens (default: the issuer's, with client credentials)",
  },
  {
    name: "auth-client-id",
    env: "MCP_AUTH_CLIENT_ID",
    value: "ID",
    key: "clientId",
    kind: "text",
    description: "this server's client id at the issuer, to introspect opaque tokens",
  },
  {
    name: "auth-client-secret",
    env: "MCP_AUTH_CLIENT_SECRET",
    value: "S",
    key: "clientSecret",
    kind: "text",
    description: "the secret of that client",
  },
];

/** `--allow-unauthenticated`: serve a non-loopback address without auth, knowingly. */
export const ALLOW_UNAUTHENTICATED_FLAG = {
  name: "allow-unauthenticated",
  env: "MCP_ALLOW_UNAUTHENTICATED",
  description: "serve a non-loopback address without auth (a warning names the address)",
} as const;

/** The switch a gateway's trusted stdio upstream is started with (docs/auth.md §4). */
export const TRUST_GATEWAY_IDENTITY_FLAG = {
  name: "trust-gateway-identity",
  env: "MCP_TRUST_GATEWAY_IDENTITY",
  description:
    "stdio only: take each request's caller (subject, scopes) from the _meta a tabletop gateway adds; set by the gateway for trusted stdio upstreams",
} as const;

/**
 * Checks one auth flag's value.
 * @throws UsageError naming the flag and what it accepts
 */
export function checkAuthValue(flag: AuthFlag, raw: string, source: string): string {
  if (raw.trim() === "") throw new UsageError(`${source} must not be empty`);
  if (flag.kind === "text") return raw;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${source} must be an absolute http(s) URL (got ${JSON.stringify(raw)})`);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.hash !== "") {
    throw new UsageError(`${source} must be an http(s) URL without a fragment (got ${raw})`);
  }
  return raw;
}

/**
 * The auth mode the flags ask for. Reads the token table and registers every secret with
 * the process's redactor.
 * @throws UsageError when modes are mixed, a flag lacks its companion, or the table is bad
 */
export function resolveAuthSettings(authToken: string | undefined, flags: AuthFlags): AuthSettings {
  const modes = [
    authToken !== undefined ? "--auth-token" : undefined,
    flags.tokensFile !== undefined ? "--auth-tokens" : undefined,
    flags.issuer !== undefined ? "--auth-issuer" : undefined,
  ].filter((mode) => mode !== undefined);
  if (modes.length > 1) {
    throw new UsageError(`${modes.join(" and ")} exclude each other: choose one auth mode`);
  }
  if (flags.issuer === undefined) refuseOAuthOnlyFlags(flags);
  if (authToken !== undefined) {
    registerSecret(authToken);
    return { mode: "token", token: authToken };
  }
  if (flags.tokensFile !== undefined) {
    try {
      return { mode: "table", rows: loadTokenTable(flags.tokensFile) };
    } catch (error) {
      throw new UsageError(`--auth-tokens: ${(error as Error).message}`);
    }
  }
  if (flags.issuer !== undefined)
    return { mode: "oauth", oauth: oauthSettings(flags.issuer, flags) };
  return { mode: "none" };
}

function refuseOAuthOnlyFlags(flags: AuthFlags): void {
  for (const flag of AUTH_FLAGS) {
    if (flag.key === "tokensFile" || flag.key === "issuer" || flag.key === "publicUrl") continue;
    if (flags[flag.key] !== undefined) throw new UsageError(`--${flag.name} needs --auth-issuer`);
  }
}

function oauthSettings(issuer: string, flags: AuthFlags): OAuthSettings {
  const { clientId, clientSecret, introspectionUrl } = flags;
  if ((clientId === undefined) !== (clientSecret === undefined)) {
    throw new UsageError("--auth-client-id and --auth-client-secret go together");
  }
  if (introspectionUrl !== undefined && clientId === undefined) {
    throw new UsageError(
      "--auth-introspection-url needs --auth-client-id and --auth-client-secret",
    );
  }
  if (clientSecret !== undefined) registerSecret(clientSecret);
  return {
    issuer,
    ...(flags.audience !== undefined ? { audience: flags.audience } : {}),
    ...(flags.jwksUrl !== undefined ? { jwksUrl: flags.jwksUrl } : {}),
    ...(clientId !== undefined && clientSecret !== undefined
      ? {
          introspection: {
            clientId,
            clientSecret,
            ...(introspectionUrl !== undefined ? { url: introspectionUrl } : {}),
          },
        }
      : {}),
  };
}

/** `true` for a host name or address that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/**
 * Refuses to serve a non-loopback address without auth unless asked to knowingly.
 * @throws UsageError naming the auth flags and `--allow-unauthenticated`
 */
export function checkExposure(
  host: string,
  settings: AuthSettings,
  allowUnauthenticated: boolean,
): void {
  if (settings.mode !== "none" || isLoopbackHost(host) || allowUnauthenticated) return;
  throw new UsageError(
    `refusing to serve ${host} without auth: add --auth-token T, --auth-tokens FILE or --auth-issuer URL, or --allow-unauthenticated (${ALLOW_UNAUTHENTICATED_FLAG.env}=1) to serve it open`,
  );
}

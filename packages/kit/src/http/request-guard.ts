import type { IncomingHttpHeaders } from "node:http";
import { createBearerTokenCheck } from "./bearer-token.js";

/** Names a loopback client may use in Host and Origin, whatever the port. */
const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]", "::1"];

/** Why a request was refused before reaching MCP. */
export interface GuardRefusal {
  status: 401 | 403;
  message: string;
}

/** What the guard made of a request: a refusal, or how its credentials fared. */
export type GuardOutcome =
  | { refusal: GuardRefusal }
  | { refusal?: undefined; credentials: "none" | "valid" | "invalid" };

/** The security checks in front of every HTTP endpoint: Host, Origin, bearer token. */
export interface RequestGuard {
  /**
   * Checks a request. With `requireToken` false (the health endpoint) a missing or wrong token
   * is not refused but reported as `invalid`, so the caller can answer with less.
   */
  check(headers: IncomingHttpHeaders, options: { requireToken: boolean }): GuardOutcome;
}

/**
 * Builds the guard. `allowedHosts` adds names (optionally `name:port`) to the loopback ones;
 * `*` accepts any Host and Origin, for deployments behind a proxy that checks them.
 */
export function createRequestGuard(
  allowedHosts: readonly string[],
  authToken: string | undefined,
): RequestGuard {
  const allowAny = allowedHosts.includes("*");
  const allowed = new Set([...LOOPBACK_NAMES, ...allowedHosts.map((host) => host.toLowerCase())]);
  const tokenMatches = authToken === undefined ? undefined : createBearerTokenCheck(authToken);

  const hostAllowed = (hostWithPort: string): boolean => {
    const lower = hostWithPort.toLowerCase();
    return allowed.has(lower) || allowed.has(stripPort(lower));
  };

  return {
    check(headers, options) {
      const refusal = allowAny ? undefined : hostOrOriginRefusal(headers, hostAllowed);
      if (refusal) return { refusal };
      if (!tokenMatches) return { credentials: "none" };
      if (tokenMatches(headers.authorization)) return { credentials: "valid" };
      if (!options.requireToken) return { credentials: "invalid" };
      return {
        refusal: { status: 401, message: "Unauthorized: a valid bearer token is required" },
      };
    },
  };
}

function hostOrOriginRefusal(
  headers: IncomingHttpHeaders,
  hostAllowed: (host: string) => boolean,
): GuardRefusal | undefined {
  const host = headers.host;
  if (!host || !hostAllowed(host)) {
    return { status: 403, message: `Forbidden: Host ${JSON.stringify(host ?? "")} is not allowed` };
  }
  const origin = headers.origin;
  if (origin !== undefined && !originAllowed(origin, hostAllowed)) {
    return { status: 403, message: `Forbidden: Origin ${JSON.stringify(origin)} is not allowed` };
  }
  return undefined;
}

function originAllowed(origin: string, hostAllowed: (host: string) => boolean): boolean {
  try {
    const url = new URL(origin);
    return hostAllowed(url.host) || hostAllowed(url.hostname);
  } catch {
    return false;
  }
}

function stripPort(host: string): string {
  if (host.startsWith("[")) {
    const end = host.indexOf("]");
    return end === -1 ? host : host.slice(0, end + 1);
  }
  const colon = host.lastIndexOf(":");
  return colon === -1 ? host : host.slice(0, colon);
}

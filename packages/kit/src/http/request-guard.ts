import { timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

/** Names a loopback client may use in Host and Origin, whatever the port. */
const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]", "::1"];

/** Why a request was refused before reaching MCP. */
export type GuardRefusal = { status: 401 | 403; message: string } | undefined;

/** The security checks in front of every HTTP endpoint: Host, Origin, bearer token. */
export interface RequestGuard {
  check(headers: IncomingHttpHeaders, options: { requireToken: boolean }): GuardRefusal;
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
  const token = authToken === undefined ? undefined : Buffer.from(`Bearer ${authToken}`);

  const hostAllowed = (hostWithPort: string): boolean => {
    const lower = hostWithPort.toLowerCase();
    return allowed.has(lower) || allowed.has(stripPort(lower));
  };

  return {
    check(headers, options) {
      if (!allowAny) {
        const host = headers.host;
        if (!host || !hostAllowed(host)) {
          return {
            status: 403,
            message: `Forbidden: Host ${JSON.stringify(host ?? "")} is not allowed`,
          };
        }
        const origin = headers.origin;
        if (origin !== undefined && !originAllowed(origin, hostAllowed)) {
          return {
            status: 403,
            message: `Forbidden: Origin ${JSON.stringify(origin)} is not allowed`,
          };
        }
      }
      if (token && options.requireToken) {
        const given = Buffer.from(headers.authorization ?? "");
        if (given.length !== token.length || !timingSafeEqual(given, token)) {
          return { status: 401, message: "Unauthorized: a valid bearer token is required" };
        }
      }
      return undefined;
    },
  };
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

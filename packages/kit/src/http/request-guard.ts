import type { IncomingHttpHeaders } from "node:http";

/** Names a loopback client may use in Host and Origin, whatever the port. */
const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]", "::1"];

/** Why a request was refused before reaching MCP. */
export interface GuardRefusal {
  status: 403;
  message: string;
}

/** The Host and Origin check in front of every HTTP endpoint (DNS rebinding protection). */
export interface RequestGuard {
  /** The refusal of a request from a name that is not allowed; `undefined` to let it through. */
  check(headers: IncomingHttpHeaders): GuardRefusal | undefined;
}

/**
 * Builds the guard. `allowedHosts` adds names (optionally `name:port`) to the loopback ones;
 * `*` accepts any Host and Origin, for deployments behind a proxy that checks them.
 */
export function createRequestGuard(allowedHosts: readonly string[]): RequestGuard {
  const allowAny = allowedHosts.includes("*");
  const allowed = new Set([...LOOPBACK_NAMES, ...allowedHosts.map((host) => host.toLowerCase())]);
  const hostAllowed = (hostWithPort: string): boolean => {
    const lower = hostWithPort.toLowerCase();
    return allowed.has(lower) || allowed.has(stripPort(lower));
  };
  return {
    check: (headers) => (allowAny ? undefined : hostOrOriginRefusal(headers, hostAllowed)),
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

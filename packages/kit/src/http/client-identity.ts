import type { IncomingMessage } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/server";

/** Who sent an HTTP request, as far as the server can tell. */
export interface RequestIdentity {
  /** The peer's network address, an IPv4-mapped IPv6 address written as plain IPv4. */
  readonly address: string;
  /** How the request's credentials fared; `none` when the server asks for none. */
  readonly credentials: "none" | "valid" | "invalid";
  /**
   * The user the credentials name, when they name one (an OAuth `sub`, a row of a token
   * table). The shared `--auth-token` names nobody: whoever holds it is the same to the
   * server, so it leaves this unset. When set, live sessions are also capped per subject.
   */
  readonly subject?: string;
  /** What tools learn about the caller (`extra.authInfo`); absent without auth. */
  readonly authInfo?: AuthInfo;
}

/** The address of a peer as sessions are counted: `::ffff:127.0.0.1` becomes `127.0.0.1`. */
export function peerAddress(remoteAddress: string | undefined): string {
  if (remoteAddress === undefined) return "unknown";
  return remoteAddress.startsWith("::ffff:") ? remoteAddress.slice(7) : remoteAddress;
}

/** `true` for an address of this machine's loopback interface (127.0.0.0/8 or ::1). */
export function isLoopbackAddress(address: string): boolean {
  return address === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

const identities = new WeakMap<object, RequestIdentity>();

/** Remembers who sent a request, once the guard has looked at it. */
export function rememberIdentity(request: object, identity: RequestIdentity): void {
  identities.set(request, identity);
}

/** Who sent a request the guard let through; nobody in particular for one it never saw. */
export function identityOf(request: object): RequestIdentity {
  return identities.get(request) ?? { address: "unknown", credentials: "invalid" };
}

/**
 * Hands the caller's `authInfo` to the SDK's HTTP transports, which read it from the raw
 * request's `auth` property and pass it to every handler of the request as `extra.authInfo`.
 */
export function attachAuthInfo(request: { raw: IncomingMessage }): void {
  const { authInfo } = identityOf(request);
  if (authInfo) (request.raw as IncomingMessage & { auth?: AuthInfo }).auth = authInfo;
}

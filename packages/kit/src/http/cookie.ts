/** The cookie that carries the session id for clients that drop the header (seed 000). */
export const SESSION_COOKIE = "mcp_session";

/** A `Set-Cookie` value for the session id; `maxAge` 0 clears it. */
export function sessionCookie(id: string, maxAgeSeconds?: number): string {
  const parts = [
    `${SESSION_COOKIE}=${encodeURIComponent(id)}`,
    "HttpOnly",
    "SameSite=Strict",
    "Path=/",
  ];
  if (maxAgeSeconds !== undefined) parts.push(`Max-Age=${maxAgeSeconds}`);
  return parts.join("; ");
}

/** The session id in a `Cookie` header, if there is one. */
export function readSessionCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const separator = pair.indexOf("=");
    if (separator === -1) continue;
    if (pair.slice(0, separator).trim() !== SESSION_COOKIE) continue;
    const value = pair.slice(separator + 1).trim();
    if (value === "") return undefined;
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

import { createHash, timingSafeEqual } from "node:crypto";

/** Checks an `Authorization` header against the one configured bearer token. */
export type BearerTokenCheck = (authorization: string | undefined) => boolean;

/**
 * Builds the check for `Authorization: Bearer <token>`. The scheme matches in any case (RFC 9110
 * makes auth schemes case-insensitive, and some clients send `bearer`). Both tokens are hashed
 * with SHA-256 before the constant-time comparison, so neither the comparison nor a length
 * check before it tells a caller how long the real token is.
 */
export function createBearerTokenCheck(token: string): BearerTokenCheck {
  const expected = sha256(token);
  return (authorization) => {
    const given = bearerCredentials(authorization);
    return given !== undefined && timingSafeEqual(sha256(given), expected);
  };
}

/** The credentials of a `Bearer` authorization header, or `undefined` for any other scheme. */
function bearerCredentials(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  const match = /^([^\s]+)[ \t]+(.*)$/s.exec(authorization);
  if (match?.[1]?.toLowerCase() !== "bearer") return undefined;
  return match[2];
}

function sha256(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

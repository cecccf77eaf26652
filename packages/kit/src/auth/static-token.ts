import type { AuthInfo } from "@modelcontextprotocol/server";
import { type Authenticator, bearerCredentials } from "./authentication.js";
import { sameDigest, sha256 } from "./digest.js";
import { ALL_SCOPES } from "./scopes.js";

/**
 * Admits the holder of the one shared `--auth-token`: the user `token`, with every tabletop
 * scope. The shared token names nobody in particular, so the authentication carries no
 * subject of its own (sessions are then capped per address only). Both tokens are hashed
 * before the constant-time comparison.
 *
 * @param token - the configured token
 * @returns the authenticator
 */
export function staticTokenAuthenticator(token: string): Authenticator {
  const expected = sha256(token);
  return {
    mode: "token",
    enforcesScopes: false,
    async authenticate(authorization) {
      const given = bearerCredentials(authorization);
      if (given === undefined) return { kind: "missing" };
      if (!sameDigest(sha256(given), expected)) {
        return { kind: "invalid", reason: "the token is not the configured one" };
      }
      return { kind: "valid", authInfo: sharedTokenAuthInfo(given) };
    },
  };
}

function sharedTokenAuthInfo(token: string): AuthInfo {
  return { token, clientId: "", scopes: [...ALL_SCOPES], extra: { sub: "token" } };
}

/** Mode none: every request is the local user's; the HTTP layer allows it on loopback only. */
export const openAuthenticator: Authenticator = {
  mode: "none",
  enforcesScopes: false,
  authenticate: async () => ({ kind: "open" }),
};

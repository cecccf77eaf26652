import { grantsScope, isLoopbackAddress, type RequestIdentity } from "@tabletop-mcp/kit";
import { ADMIN_SCOPE } from "../auth/request-scopes.js";

/** Whether a caller may read the status data, and if not, how to refuse. */
export type StatusAccess =
  | { allowed: true }
  | { allowed: false; status: 401 | 403; message: string };

/**
 * Decides who may read the status data, as for `gateway://stats`: a token granting
 * `gateway:admin` (the shared `--auth-token` grants every scope; a token table's row or an
 * OAuth token must name it), and only this machine (loopback) when the gateway asks for no
 * credentials.
 *
 * @param identity - who asked, as the HTTP layer found
 * @returns allowed, or the refusal to answer
 */
export function statusAccess(identity: RequestIdentity): StatusAccess {
  switch (identity.credentials) {
    case "valid":
      if (grantsScope(identity.authInfo?.scopes ?? [], ADMIN_SCOPE)) return { allowed: true };
      return {
        allowed: false,
        status: 403,
        message: `Forbidden: the gateway's status needs a token granting the ${ADMIN_SCOPE} scope`,
      };
    case "invalid":
      return {
        allowed: false,
        status: 401,
        message: `Unauthorized: the gateway's status needs a valid bearer token granting ${ADMIN_SCOPE} (Authorization: Bearer <token>)`,
      };
    case "none":
      if (isLoopbackAddress(identity.address)) return { allowed: true };
      return {
        allowed: false,
        status: 403,
        message:
          "Forbidden: without authentication the gateway shows its status only to this machine (loopback)",
      };
  }
}

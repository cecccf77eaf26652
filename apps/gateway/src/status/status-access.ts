import { grantsScope } from "@tabletop-mcp/kit/auth";
import {
  type HttpRouteRefusal,
  isLoopbackAddress,
  type RequestIdentity,
} from "@tabletop-mcp/kit/http";
import { ADMIN_SCOPE } from "../auth/request-scopes.js";

/**
 * Decides who may read the status data, as for `gateway://stats`: a token granting
 * `gateway:admin` (the shared `--auth-token` grants every scope; a token table's row or an
 * OAuth token must name it), and only this machine (loopback) when the gateway asks for no
 * credentials.
 *
 * @param identity - who asked, as the HTTP layer found
 * @returns the refusal to answer, or `undefined` when the caller may read the data
 */
export function statusRefusal(identity: RequestIdentity): HttpRouteRefusal | undefined {
  switch (identity.credentials) {
    case "valid":
      if (grantsScope(identity.authInfo?.scopes ?? [], ADMIN_SCOPE)) return undefined;
      return {
        refused: 403,
        message: `Forbidden: the gateway's status needs a token granting the ${ADMIN_SCOPE} scope`,
        scope: ADMIN_SCOPE,
      };
    case "invalid":
      return {
        refused: 401,
        message: `Unauthorized: the gateway's status needs a valid bearer token granting ${ADMIN_SCOPE} (Authorization: Bearer <token>)`,
      };
    case "none":
      if (isLoopbackAddress(identity.address)) return undefined;
      return {
        refused: 403,
        message:
          "Forbidden: without authentication the gateway shows its status only to this machine (loopback)",
      };
  }
}

import { isLoopbackAddress, type RequestIdentity } from "@tabletop-mcp/kit";

/** Whether a caller may read the status data, and if not, how to refuse. */
export type StatusAccess =
  | { allowed: true }
  | { allowed: false; status: 401 | 403; message: string };

/**
 * Decides who may read the status data: whoever may use `/mcp` with the gateway's token when
 * one is set, and only this machine (loopback) when the gateway asks for no credentials.
 *
 * @param identity - who asked, as the HTTP layer found
 * @returns allowed, or the refusal to answer
 */
export function statusAccess(identity: RequestIdentity): StatusAccess {
  switch (identity.credentials) {
    case "valid":
      return { allowed: true };
    case "invalid":
      return {
        allowed: false,
        status: 401,
        message:
          "Unauthorized: the gateway's status needs its bearer token (Authorization: Bearer <token>)",
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

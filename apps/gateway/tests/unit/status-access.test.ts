import type { RequestIdentity } from "@tabletop-mcp/kit/http";
import { describe, expect, it } from "vitest";
import { statusRefusal } from "../../src/status/status-access.js";

function token(scopes: string[]): RequestIdentity {
  return {
    address: "203.0.113.7",
    credentials: "valid",
    authInfo: { token: "t", clientId: "", scopes },
  };
}

describe("who may read the status data", () => {
  it("without auth, this machine only", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1"]) {
      expect(statusRefusal({ address, credentials: "none" })).toBeUndefined();
    }
    const remote = statusRefusal({ address: "192.168.1.20", credentials: "none" });
    expect(remote).toMatchObject({ refused: 403 });
    expect(remote?.scope).toBeUndefined();
  });

  it("with auth, a token granting gateway:admin, from anywhere", () => {
    expect(statusRefusal(token(["gateway:admin"]))).toBeUndefined();
    expect(statusRefusal(token(["tabletop:play", "campaign:write"]))).toEqual({
      refused: 403,
      message: "Forbidden: the gateway's status needs a token granting the gateway:admin scope",
      scope: "gateway:admin",
    });
  });

  it("refuses missing or wrong credentials with 401, even on loopback", () => {
    expect(statusRefusal({ address: "127.0.0.1", credentials: "invalid" })).toMatchObject({
      refused: 401,
    });
  });
});

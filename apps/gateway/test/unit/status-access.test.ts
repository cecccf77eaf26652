import type { RequestIdentity } from "@tabletop-mcp/kit";
import { describe, expect, it } from "vitest";
import { statusAccess } from "../../src/status/status-access.js";

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
      expect(statusAccess({ address, credentials: "none" })).toEqual({ allowed: true });
    }
    const remote = statusAccess({ address: "192.168.1.20", credentials: "none" });
    expect(remote).toMatchObject({ allowed: false, status: 403 });
  });

  it("with auth, a token granting gateway:admin, from anywhere", () => {
    expect(statusAccess(token(["gateway:admin"]))).toEqual({ allowed: true });
    expect(statusAccess(token(["tabletop:play", "campaign:write"]))).toMatchObject({
      allowed: false,
      status: 403,
    });
  });

  it("refuses missing or wrong credentials with 401, even on loopback", () => {
    expect(statusAccess({ address: "127.0.0.1", credentials: "invalid" })).toMatchObject({
      allowed: false,
      status: 401,
    });
  });
});

import { type HttpProcess, startHttpCommand } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AuthorizationServer,
  INTROSPECTING_CLIENT,
  OPAQUE_MARK,
  startAuthorizationServer,
} from "./support/authorization-server.js";
import { DICE } from "./support/commands.js";
import { machineToken } from "./support/machine-token.js";
import { openSession, postMcp, toolCall } from "./support/raw.js";

const RESOURCE = `http://tabletop.test${OPAQUE_MARK}mcp`;

let authorization: AuthorizationServer;
let dice: HttpProcess;

beforeAll(async () => {
  authorization = await startAuthorizationServer();
  dice = await startHttpCommand(DICE, [
    "--auth-issuer",
    authorization.issuer,
    "--public-url",
    RESOURCE,
    "--auth-client-id",
    INTROSPECTING_CLIENT.id,
    "--auth-client-secret",
    INTROSPECTING_CLIENT.secret,
  ]);
});
afterAll(async () => {
  await dice?.stop();
  await authorization?.close();
});

describe("opaque access tokens", () => {
  it("are introspected with the server's client credentials, once per token until it expires", async () => {
    const token = await machineToken(authorization.issuer, RESOURCE, "tabletop:play");
    expect(token.split(".")).toHaveLength(1);
    const before = authorization.introspections;
    const session = await openSession(dice.url, token);
    const answer = await postMcp(dice.url, toolCall(2, "roll", { notation: "1d6" }), {
      authorization: `Bearer ${token}`,
      "mcp-session-id": session,
    });
    expect(answer.status).toBe(200);
    expect(authorization.introspections).toBe(before + 1);
  });

  it("refuses an opaque token the authorization server does not know", async () => {
    const refused = await postMcp(dice.url, toolCall(1, "roll", { notation: "1d6" }), {
      authorization: "Bearer not-a-token-the-server-issued",
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain(
      'error="invalid_token", error_description="the token is not active"',
    );
  });

  it("refuses an opaque token issued for another resource", async () => {
    const other = await machineToken(
      authorization.issuer,
      `http://elsewhere.test${OPAQUE_MARK}mcp`,
      "tabletop:play",
    );
    const refused = await postMcp(dice.url, toolCall(1, "roll", { notation: "1d6" }), {
      authorization: `Bearer ${other}`,
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain(
      'error_description="the token is for another resource"',
    );
  });

  it("names the public URL as the resource in the metadata", async () => {
    const metadata = await (
      await fetch(dice.url.replace("/mcp", "/.well-known/oauth-protected-resource/mcp"))
    ).json();
    expect(metadata).toMatchObject({ resource: RESOURCE });
  });
});

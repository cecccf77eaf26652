import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Authenticator } from "../../src/auth/authentication.js";
import { HIDDEN_SUBJECT_REASON, oauthAuthenticator } from "../../src/auth/oauth-authenticator.js";

const RESOURCE = "https://dice.example/mcp";
const ISSUER = "https://id.example";

/** What the loopback introspection endpoint answers, by opaque token. */
const introspected = new Map<string, Record<string, unknown>>();

let server: Server;
let sign: (claims: JWTPayload) => Promise<string>;
let authenticator: Authenticator;

/** A JWKS and an introspection endpoint on a loopback port, with keys made for this test. */
beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "ES256" };
  sign = (claims) =>
    new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid: "k1" }).sign(privateKey);
  server = createServer(async (request, response) => {
    response.setHeader("content-type", "application/json");
    if (request.url === "/jwks") return void response.end(JSON.stringify({ keys: [jwk] }));
    let body = "";
    for await (const chunk of request) body += chunk;
    const token = new URLSearchParams(body).get("token") ?? "";
    response.end(JSON.stringify(introspected.get(token) ?? { active: false }));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  authenticator = oauthAuthenticator(
    {
      issuer: ISSUER,
      jwksUrl: `${base}/jwks`,
      introspection: { url: `${base}/introspect`, clientId: "dice", clientSecret: "secret" },
    },
    () => RESOURCE,
  );
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const now = () => Math.floor(Date.now() / 1000);

function jwt(claims: JWTPayload): Promise<string> {
  return sign({ iss: ISSUER, aud: RESOURCE, scope: "tabletop:play", exp: now() + 600, ...claims });
}

function opaque(token: string, claims: Record<string, unknown>): string {
  const answer = { active: true, iss: ISSUER, aud: RESOURCE, exp: now() + 600, ...claims };
  introspected.set(token, answer);
  return token;
}

/** Subjects that would show as someone they are not. */
const HIDDEN = [
  ["zero-width space", "bob\u200B"],
  ["right-to-left override", "bob\u202E"],
  ["byte order mark", "\uFEFFbob"],
  ["control character", "bob\u0007"],
  ["paragraph separator", "bob\u2029"],
] as const;

describe("an OAuth access token whose subject hides a character", () => {
  it("is accepted when the subject is ordinary (the baseline)", async () => {
    const outcome = await authenticator.authenticate(`Bearer ${await jwt({ sub: "bob" })}`);
    expect(outcome).toMatchObject({ kind: "valid", subject: "bob" });
  });

  it.each(HIDDEN)("is refused as a JWT when its sub holds a %s", async (_what, sub) => {
    const token = await jwt({ sub });
    expect(await authenticator.authenticate(`Bearer ${token}`)).toEqual({
      kind: "invalid",
      reason: HIDDEN_SUBJECT_REASON,
    });
  });

  it.each(HIDDEN)("is refused when introspected and its sub holds a %s", async (what, sub) => {
    const token = opaque(`opaque-sub-${what}`, { sub });
    expect(await authenticator.authenticate(`Bearer ${token}`)).toEqual({
      kind: "invalid",
      reason: HIDDEN_SUBJECT_REASON,
    });
  });

  it("is refused when introspected without a sub and its client id hides a character", async () => {
    const token = opaque("opaque-client", { client_id: "gateway\u2066" });
    expect(await authenticator.authenticate(`Bearer ${token}`)).toEqual({
      kind: "invalid",
      reason: HIDDEN_SUBJECT_REASON,
    });
  });

  it("says why in fixed words, repeating neither the subject nor the token", () => {
    expect(HIDDEN_SUBJECT_REASON).toBe(
      "the token's subject contains an invisible or control character",
    );
  });
});

describe("an OAuth access token whose name hides a character", () => {
  it("keeps its subject and scopes and loses only the name", async () => {
    const token = await jwt({ sub: "bob", name: "Bob \u202Egnp.exe" });
    const outcome = await authenticator.authenticate(`Bearer ${token}`);
    expect(outcome).toMatchObject({ kind: "valid", subject: "bob" });
    if (outcome.kind !== "valid") return;
    expect(outcome.authInfo.scopes).toEqual(["tabletop:play"]);
    expect(outcome.authInfo.extra).toEqual({ sub: "bob" });
  });

  it("keeps a name without hidden characters, in any script", async () => {
    const token = opaque("opaque-named", { sub: "zoe", name: "Zoë Ørsted 李" });
    const outcome = await authenticator.authenticate(`Bearer ${token}`);
    expect(outcome.kind === "valid" && outcome.authInfo.extra).toEqual({
      sub: "zoe",
      name: "Zoë Ørsted 李",
    });
  });
});

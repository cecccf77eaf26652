import { createHash, createHmac } from "node:crypto";
import { type HttpProcess, startHttpCommand } from "@tabletop-mcp/kit/testing";
import { base64url, type JWTPayload } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DICE } from "./support/commands.js";
import { openSession, postMcp, toolCall } from "./support/raw.js";
import { startTestIssuer, type TestIssuer } from "./support/test-issuer.js";

let issuer: TestIssuer;
let dice: HttpProcess;
let metadataUrl: string;

beforeAll(async () => {
  issuer = await startTestIssuer();
  dice = await startHttpCommand(DICE, ["--auth-issuer", issuer.issuer]);
  metadataUrl = dice.url.replace("/mcp", "/.well-known/oauth-protected-resource/mcp");
});
afterAll(async () => {
  await dice?.stop();
  await issuer?.close();
});

const now = () => Math.floor(Date.now() / 1000);

/** Claims a token for the dice server must carry, with the test's changes. */
function claims(changes: JWTPayload = {}): JWTPayload {
  return {
    iss: issuer.issuer,
    aud: dice.url,
    sub: "alice",
    scope: "tabletop:play",
    iat: now(),
    exp: now() + 600,
    ...changes,
  };
}

/** A compact JWS with any header, signed (or not) by the caller. */
function compact(header: object, payload: object, sign: (input: string) => string): string {
  const input = `${base64url.encode(JSON.stringify(header))}.${base64url.encode(JSON.stringify(payload))}`;
  return `${input}.${sign(input)}`;
}

async function rollWith(token: string): Promise<Response> {
  return postMcp(dice.url, toolCall(1, "roll", { notation: "1d6" }), {
    authorization: `Bearer ${token}`,
  });
}

async function expectInvalidToken(token: string, description: string): Promise<void> {
  const response = await rollWith(token);
  expect(response.status).toBe(401);
  expect(response.headers.get("www-authenticate")).toBe(
    `Bearer error="invalid_token", error_description="${description}", resource_metadata="${metadataUrl}"`,
  );
  const body = (await response.json()) as { error: { message: string } };
  expect(body.error.message).toBe(`Unauthorized: the bearer token was refused: ${description}`);
}

describe("forged and misused tokens", () => {
  it("accepts a well-formed token (the baseline the forgeries differ from)", async () => {
    expect(await openSession(dice.url, await issuer.sign(claims()))).toMatch(/\S/);
  });

  it("refuses a token whose signature was tampered with", async () => {
    const token = await issuer.sign(claims());
    const [header, payload, signature = ""] = token.split(".");
    const flipped = `${signature.slice(0, 10)}${signature[10] === "A" ? "B" : "A"}${signature.slice(11)}`;
    await expectInvalidToken(
      `${header}.${payload}.${flipped}`,
      "the token's signature is not valid",
    );
  });

  it("refuses a token whose payload was changed after signing", async () => {
    const [header, , signature] = (await issuer.sign(claims())).split(".");
    const payload = base64url.encode(JSON.stringify(claims({ sub: "mallory" })));
    await expectInvalidToken(
      `${header}.${payload}.${signature}`,
      "the token's signature is not valid",
    );
  });

  it("refuses alg none", async () => {
    const token = compact({ alg: "none", kid: "published" }, claims(), () => "");
    await expectInvalidToken(token, "the token's algorithm is not accepted");
  });

  it("refuses HMAC signed with the issuer's public key as the secret", async () => {
    const publicPem = JSON.stringify(issuer.publicJwk);
    const token = compact({ alg: "HS256", kid: "published" }, claims(), (input) =>
      createHmac("sha256", publicPem).update(input).digest("base64url"),
    );
    await expectInvalidToken(token, "the token's algorithm is not accepted");
  });

  it.each([
    ["another issuer", { iss: "http://127.0.0.1:1" }, "the token is from another issuer"],
    ["another audience", { aud: "http://127.0.0.1:1/mcp" }, "the token is for another resource"],
    ["an expiry past the 60 s skew", { exp: now() - 120 }, "the token has expired"],
    ["a start past the 60 s skew", { nbf: now() + 120 }, "the token is not valid yet"],
    ["no expiry", { exp: undefined }, "the token's exp claim is not acceptable"],
  ])("refuses a token with %s", async (_what, changes, description) => {
    await expectInvalidToken(await issuer.sign(claims(changes)), description);
  });

  it.each([
    ["a zero-width space", "alice\u200B"],
    ["a right-to-left override", "alice\u202E"],
  ])("refuses a token whose sub holds %s, which would show as someone else", async (_what, sub) => {
    await expectInvalidToken(
      await issuer.sign(claims({ sub })),
      "the token's subject contains an invisible or control character",
    );
  });

  it("accepts expiry and start within the 60 s skew", async () => {
    const token = await issuer.sign(claims({ exp: now() - 30, nbf: now() + 30 }));
    expect(await openSession(dice.url, token)).toMatch(/\S/);
  });

  it("fetches the keys again once for an unknown kid, then refuses; a second unknown kid fetches nothing", async () => {
    await openSession(dice.url, await issuer.sign(claims()));
    const before = issuer.jwksFetches;
    const unknown = await issuer.sign(claims(), { kid: "unpublished" });
    await expectInvalidToken(unknown, "no key of the issuer matches the token");
    expect(issuer.jwksFetches).toBe(before + 1);
    await expectInvalidToken(unknown, "no key of the issuer matches the token");
    expect(issuer.jwksFetches).toBe(before + 1);
  });

  it("never reads a token from the query string", async () => {
    const token = await issuer.sign(claims());
    const url = `${dice.url}?access_token=${encodeURIComponent(token)}`;
    const response = await postMcp(url, toolCall(1, "roll", { notation: "1d6" }));
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${metadataUrl}"`,
    );
  });

  it("answers another subject's session id, by header or cookie, as an unknown session", async () => {
    const alice = await issuer.sign(claims());
    const bob = await issuer.sign(claims({ sub: "bob" }));
    const session = await openSession(dice.url, alice);
    const unknown = await postMcp(dice.url, toolCall(2, "roll", { notation: "1d6" }), {
      authorization: `Bearer ${bob}`,
      "mcp-session-id": "00000000-0000-4000-8000-000000000000",
    });
    const expected = { status: unknown.status, body: await unknown.json() };
    expect(expected.status).toBe(404);
    const byHeader: Record<string, string> = { "mcp-session-id": session };
    const byCookie: Record<string, string> = { cookie: `mcp_session=${session}` };
    for (const headers of [byHeader, byCookie]) {
      const answer = await postMcp(dice.url, toolCall(2, "roll", { notation: "1d6" }), {
        authorization: `Bearer ${bob}`,
        ...headers,
      });
      expect({ status: answer.status, body: await answer.json() }).toEqual(expected);
    }
    const deleted = await fetch(dice.url, {
      method: "DELETE",
      headers: { authorization: `Bearer ${bob}`, "mcp-session-id": session },
    });
    expect(deleted.status).toBe(404);
    const stillAlice = await postMcp(dice.url, toolCall(3, "roll", { notation: "1d6" }), {
      authorization: `Bearer ${alice}`,
      "mcp-session-id": session,
    });
    expect(stillAlice.status).toBe(200);
  });

  it("never names the token in its answers", async () => {
    const token = await issuer.sign(claims({ aud: "http://127.0.0.1:1/mcp" }));
    const response = await rollWith(token);
    const text = `${response.headers.get("www-authenticate")} ${await response.text()}`;
    const signature = token.split(".")[2] ?? "";
    expect(text).not.toContain(signature);
    expect(createHash("sha256").update(text).digest("hex")).not.toBe("");
  });
});

import { describe, expect, it } from "vitest";
import { staticTokenAuthenticator } from "../../src/auth/static-token.js";

describe("the shared token check", () => {
  const authenticator = staticTokenAuthenticator("s3cret-token");
  const kindOf = async (header: string | undefined) =>
    (await authenticator.authenticate(header)).kind;

  it.each(["Bearer", "bearer", "BEARER", "bEaReR"])("accepts the %s scheme", async (scheme) => {
    expect(await kindOf(`${scheme} s3cret-token`)).toBe("valid");
  });

  it.each([
    ["no header", undefined],
    ["an empty header", ""],
    ["the token alone", "s3cret-token"],
    ["another scheme", "Basic s3cret-token"],
    ["the scheme with nothing after it", "Bearer "],
  ])("finds no token in %s", async (_what, header) => {
    expect(await kindOf(header)).toBe("missing");
  });

  it.each([
    ["a wrong token of the same length", "Bearer s3cret-tokeX"],
    ["a shorter token", "Bearer s3cret"],
    ["a longer token", "Bearer s3cret-token-and-more"],
    ["a token that differs in case", "Bearer S3CRET-TOKEN"],
  ])("refuses %s", async (_what, header) => {
    expect(await kindOf(header)).toBe("invalid");
  });

  it("accepts the token after several spaces", async () => {
    expect(await kindOf("Bearer   s3cret-token")).toBe("valid");
  });

  it("names the user token, with every scope and no subject of its own", async () => {
    const outcome = await authenticator.authenticate("Bearer s3cret-token");
    expect(outcome).toEqual({
      kind: "valid",
      authInfo: {
        token: "s3cret-token",
        clientId: "",
        scopes: ["tabletop:play", "campaign:read", "campaign:write", "gateway:admin"],
        extra: { sub: "token" },
      },
    });
  });
});

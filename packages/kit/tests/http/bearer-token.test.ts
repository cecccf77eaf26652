import { describe, expect, it } from "vitest";
import { createBearerTokenCheck } from "../../src/http/bearer-token.js";
import { createRequestGuard } from "../../src/http/request-guard.js";

const HOST = { host: "127.0.0.1:8081" };

describe("the bearer token check", () => {
  const matches = createBearerTokenCheck("s3cret-token");

  it.each(["Bearer", "bearer", "BEARER", "bEaReR"])("accepts the %s scheme", (scheme) => {
    expect(matches(`${scheme} s3cret-token`)).toBe(true);
  });

  it.each([
    ["no header", undefined],
    ["an empty header", ""],
    ["the token alone", "s3cret-token"],
    ["another scheme", "Basic s3cret-token"],
    ["a wrong token of the same length", "Bearer s3cret-tokeX"],
    ["a shorter token", "Bearer s3cret"],
    ["a longer token", "Bearer s3cret-token-and-more"],
    ["the scheme with nothing after it", "Bearer "],
    ["a token that differs in case", "Bearer S3CRET-TOKEN"],
  ])("refuses %s", (_what, header) => {
    expect(matches(header)).toBe(false);
  });

  it("accepts the token after several spaces", () => {
    expect(matches("Bearer   s3cret-token")).toBe(true);
  });
});

describe("the request guard's credentials", () => {
  it("reports none when no token is configured", () => {
    expect(createRequestGuard([], undefined).check(HOST, { requireToken: true })).toEqual({
      credentials: "none",
    });
  });

  it("refuses a wrong token where one is required and reports it where none is", () => {
    const guard = createRequestGuard([], "t0ken");
    const headers = { ...HOST, authorization: "bearer nope" };
    expect(guard.check(headers, { requireToken: true }).refusal?.status).toBe(401);
    expect(guard.check(headers, { requireToken: false })).toEqual({ credentials: "invalid" });
    expect(guard.check({ ...HOST, authorization: "bearer t0ken" }, { requireToken: true })).toEqual(
      { credentials: "valid" },
    );
  });
});

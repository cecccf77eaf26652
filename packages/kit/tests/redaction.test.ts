import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createLogger } from "../src/logger.js";
import { Redactor } from "../src/redaction.js";

describe("a redactor", () => {
  it("hides a URL's userinfo and every query value, keeping the rest of the URL", () => {
    const redactor = new Redactor();
    expect(
      redactor.redact(
        "cannot reach https://admin:hunter22@rules.example.org:8443/mcp?api_key=k-123&v=2#top",
      ),
    ).toBe("cannot reach https://***@rules.example.org:8443/mcp?api_key=***&v=***#top");
  });

  it("hides Bearer credentials and Authorization values, however they are written", () => {
    const redactor = new Redactor();
    expect(redactor.redact("401: invalid token Bearer abc.def-ghi= given")).toBe(
      "401: invalid token Bearer *** given",
    );
    expect(redactor.redact("Authorization: Basic dXNlcjpwYXNz")).toBe("Authorization: Basic ***");
    expect(redactor.redact('{"authorization":"Bearer xyz","other":1}')).toBe(
      '{"authorization":"Bearer ***","other":1}',
    );
    expect(redactor.redact("proxy-authorization=opaque-value;")).toBe("proxy-authorization=***;");
    expect(redactor.redact("Authorization: token ghp_abc123")).toBe("Authorization: token ***");
  });

  it("leaves prose about authorization alone", () => {
    const redactor = new Redactor();
    const prose =
      "config: mcpServers.rules.headers.Authorization: environment variable X is not set";
    expect(redactor.redact(prose)).toBe(prose);
  });

  it("hides registered values, their URL-encoded and JSON-escaped forms, longest first", () => {
    const redactor = new Redactor();
    redactor.register('pa ss"word/1');
    redactor.register("token-abcdef");
    redactor.register("token-abcdef-and-more");
    expect(redactor.redact('said pa ss"word/1 and pa%20ss%22word%2F1 and pa ss\\"word/1')).toBe(
      "said *** and *** and ***",
    );
    expect(redactor.redact("token-abcdef-and-more, token-abcdef")).toBe("***, ***");
  });

  it("ignores values too short to be told apart from ordinary text", () => {
    const redactor = new Redactor();
    redactor.register("1");
    redactor.register("true");
    expect(redactor.redact("1 is true")).toBe("1 is true");
  });

  it("leaves text without secrets unchanged", () => {
    const redactor = new Redactor();
    redactor.register("sekrit-value");
    const plain = fc
      .string({ maxLength: 200 })
      .filter((text) => !/[?&@]|bearer|authorization|sekrit-value/i.test(text));
    fc.assert(
      fc.property(plain, (text) => {
        expect(redactor.redact(text)).toBe(text);
      }),
    );
  });

  it("never lets a registered secret through, whatever surrounds it", () => {
    const secret = "Zq9-secret-Zq9";
    const redactor = new Redactor();
    redactor.register(secret);
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        expect(redactor.redact(`${before}${secret}${after}`)).not.toContain(secret);
      }),
    );
  });

  it("redacts every string inside a JSON value and keeps its shape", () => {
    const redactor = new Redactor();
    redactor.register("deep-secret");
    expect(
      redactor.redactDeep({ a: ["x deep-secret", 3, null], b: { c: "https://u:p@h/" }, d: true }),
    ).toEqual({ a: ["x ***", 3, null], b: { c: "https://***@h/" }, d: true });
  });
});

describe("the logger", () => {
  it("passes its message and string fields through the redactor", () => {
    const redactor = new Redactor();
    redactor.register("log-secret-1");
    const lines: string[] = [];
    const logger = createLogger("test", "debug", (line) => lines.push(line), redactor);
    logger.warn("upstream said log-secret-1 at http://u:pw@h/?key=v", {
      body: "Bearer abcdef",
      count: 2,
    });
    const record = JSON.parse(lines[0] ?? "{}") as Record<string, unknown>;
    expect(record).toMatchObject({
      level: "warn",
      name: "test",
      message: "upstream said *** at http://***@h/?key=***",
      body: "Bearer ***",
      count: 2,
    });
  });
});

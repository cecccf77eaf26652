import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkExposure, resolveAuthSettings } from "../../src/cli/auth-flags.js";
import { parseCommandLine } from "../../src/cli/flags.js";
import { UsageError } from "../../src/cli/usage-error.js";

const spec = { defaultPort: 8081, defaultRateLimitMs: 0 };
const parse = (argv: string[], env: Record<string, string> = {}) =>
  parseCommandLine(argv, env, spec).options;
const settingsOf = (argv: string[], env: Record<string, string> = {}) => {
  const options = parse(argv, env);
  return resolveAuthSettings(options.authToken, options.auth);
};

function tableFile(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), "auth-flags-")), "tokens.json");
  writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

const DIGEST = "a".repeat(64);

describe("the auth flags", () => {
  it("reads the OAuth flags and their environment variables", () => {
    const options = parse(
      ["--auth-issuer", "https://id.example/realms/t", "--public-url=https://dice.example/mcp"],
      { MCP_AUTH_AUDIENCE: "dice-api", MCP_ALLOW_UNAUTHENTICATED: "1" },
    );
    expect(options.auth).toEqual({
      issuer: "https://id.example/realms/t",
      publicUrl: "https://dice.example/mcp",
      audience: "dice-api",
      allowUnauthenticated: true,
    });
  });

  it("takes --allow-unauthenticated as a switch, without a value", () => {
    const options = parse(["--allow-unauthenticated", "--port", "9"]);
    expect(options.auth.allowUnauthenticated).toBe(true);
    expect(options.port).toBe(9);
  });

  it.each([
    [
      ["--auth-issuer", "id.example"],
      '--auth-issuer must be an absolute http(s) URL (got "id.example")',
    ],
    [
      ["--public-url", "ftp://x.example/mcp"],
      "--public-url must be an http(s) URL without a fragment (got ftp://x.example/mcp)",
    ],
    [["--auth-tokens", ""], "--auth-tokens must not be empty"],
  ])("rejects %j with one clear line", (argv, message) => {
    expect(() => parse(argv)).toThrow(new UsageError(message));
  });

  it("refuses two auth modes at once", () => {
    expect(() =>
      settingsOf(["--auth-token", "secret-1", "--auth-issuer", "https://i.example"]),
    ).toThrow(
      new UsageError("--auth-token and --auth-issuer exclude each other: choose one auth mode"),
    );
  });

  it("refuses OAuth companions without an issuer, and half of the client credentials", () => {
    expect(() => settingsOf(["--auth-jwks-url", "https://i.example/jwks"])).toThrow(
      new UsageError("--auth-jwks-url needs --auth-issuer"),
    );
    expect(() =>
      settingsOf(["--auth-issuer", "https://i.example", "--auth-client-id", "dice"]),
    ).toThrow(new UsageError("--auth-client-id and --auth-client-secret go together"));
  });

  it("builds the OAuth settings, introspecting with client credentials when given", () => {
    const settings = settingsOf([
      "--auth-issuer",
      "https://i.example",
      "--auth-client-id",
      "dice",
      "--auth-client-secret",
      "dice-secret-value",
    ]);
    expect(settings).toEqual({
      mode: "oauth",
      oauth: {
        issuer: "https://i.example",
        introspection: { clientId: "dice", clientSecret: "dice-secret-value" },
      },
    });
  });

  it("reads a token table, digests in lower case", () => {
    const file = tableFile({
      tokens: [{ sha256: DIGEST.toUpperCase(), sub: "alice", scopes: ["campaign:read"] }],
    });
    expect(settingsOf(["--auth-tokens", file])).toEqual({
      mode: "table",
      rows: [{ sha256: DIGEST, sub: "alice", scopes: ["campaign:read"] }],
    });
  });

  it.each([
    ["not JSON", "{", "is not JSON"],
    ["a short digest", { tokens: [{ sha256: "abc", sub: "a", scopes: [] }] }, "tokens.0.sha256"],
    [
      "a scope with a space",
      { tokens: [{ sha256: DIGEST, sub: "a", scopes: ["a b"] }] },
      "tokens.0.scopes.0",
    ],
    [
      "the same token twice",
      {
        tokens: [
          { sha256: DIGEST, sub: "a", scopes: [] },
          { sha256: DIGEST, sub: "b", scopes: [] },
        ],
      },
      "tokens.1 repeats an earlier token",
    ],
    ["no tokens", { tokens: [] }, "must list at least one token"],
  ])("refuses a token table with %s", (_what, content, problem) => {
    const file = tableFile(content);
    expect(() => settingsOf(["--auth-tokens", file])).toThrow(UsageError);
    expect(() => settingsOf(["--auth-tokens", file])).toThrow(problem);
  });
});

describe("serving a non-loopback address", () => {
  it.each(["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost"])(
    "is allowed without auth on the loopback address %s",
    (host) => {
      expect(() => checkExposure(host, { mode: "none" }, false)).not.toThrow();
    },
  );

  it("is refused without auth, naming the auth flags and --allow-unauthenticated", () => {
    expect(() => checkExposure("0.0.0.0", { mode: "none" }, false)).toThrow(
      new UsageError(
        "refusing to serve 0.0.0.0 without auth: add --auth-token T, --auth-tokens FILE or --auth-issuer URL, or --allow-unauthenticated (MCP_ALLOW_UNAUTHENTICATED=1) to serve it open",
      ),
    );
  });

  it("is allowed with auth, or when asked for knowingly", () => {
    expect(() => checkExposure("0.0.0.0", { mode: "token", token: "t0ken1" }, false)).not.toThrow();
    expect(() => checkExposure("0.0.0.0", { mode: "none" }, true)).not.toThrow();
  });
});

// biome-ignore-all lint/suspicious/noTemplateCurlyInString: config files spell ${NAME} literally
import { Redactor, silentLogger } from "@tabletop-mcp/kit";
import { describe, expect, it } from "vitest";
import { configSecrets } from "../../src/config/config-secrets.js";
import { printableConfig } from "../../src/config/print-config.js";
import { ConfigError, type HttpEntry } from "../../src/config/types.js";
import { validateConfig } from "../../src/config/validate-config.js";

const context = {
  baseDirectory: "/configs",
  env: { SECRET: "client-secret-value" },
  logger: silentLogger,
};

const AUTH = {
  type: "client_credentials",
  token_url: "https://id.example/token",
  client_id: "gateway",
  client_secret: "${SECRET}",
  scope: "notes:read",
};

function remote(extra: Record<string, unknown>) {
  return { mcpServers: { notes: { url: "https://notes.example/mcp", ...extra } } };
}

function problemsOf(raw: unknown): readonly string[] {
  try {
    validateConfig(raw, context);
  } catch (error) {
    if (error instanceof ConfigError) return error.lines;
    throw error;
  }
  return [];
}

describe("an upstream's auth keys", () => {
  it("reads client credentials, scopes and trust, expanding the secret", () => {
    const config = validateConfig(
      remote({ auth: AUTH, scopes: ["notes:read"], trusted: true }),
      context,
    );
    const entry = config.servers[0] as HttpEntry;
    expect(entry.auth).toEqual({
      type: "client_credentials",
      tokenUrl: "https://id.example/token",
      issuer: undefined,
      clientId: "gateway",
      clientSecret: "client-secret-value",
      scope: "notes:read",
      resource: undefined,
    });
    expect(entry.scopes).toEqual(["notes:read"]);
    expect(entry.trusted).toBe(true);
    expect(configSecrets(config)).toContain("client-secret-value");
  });

  it("defaults to no scopes and no trust", () => {
    const entry = validateConfig(remote({}), context).servers[0] as HttpEntry;
    expect({ scopes: entry.scopes, trusted: entry.trusted, auth: entry.auth }).toEqual({
      scopes: undefined,
      trusted: false,
      auth: undefined,
    });
  });

  it.each([
    [
      "both token_url and issuer",
      { auth: { ...AUTH, issuer: "https://id.example" } },
      "config: mcpServers.notes.auth: needs exactly one of token_url and issuer",
    ],
    [
      "another grant",
      { auth: { ...AUTH, type: "password" } },
      'config: mcpServers.notes.auth.type: must be "client_credentials", the only grant the gateway uses',
    ],
    [
      "a scope with a space",
      { scopes: ["notes:read notes:write"] },
      "config: mcpServers.notes.scopes[0]: must be one scope, no spaces",
    ],
    [
      "an empty scope list",
      { scopes: [] },
      "config: mcpServers.notes.scopes: must name at least one scope",
    ],
    [
      "trust as a string",
      { trusted: "yes" },
      "config: mcpServers.notes.trusted: must be true or false",
    ],
    [
      "a misspelt auth key",
      { auth: { ...AUTH, client_secert: "x" } },
      "config: mcpServers.notes.auth.client_secert: unknown key",
    ],
    [
      "a secret from an unset variable",
      { auth: { ...AUTH, client_secret: "${UNSET_SECRET}" } },
      "config: mcpServers.notes.auth.client_secret: environment variable UNSET_SECRET is not set (write ${UNSET_SECRET:-default} to give a default)",
    ],
    [
      "a token_url that is no URL",
      { auth: { ...AUTH, token_url: "id.example/token" } },
      "config: mcpServers.notes.auth.token_url: must be an http:// or https:// URL",
    ],
  ])("refuses %s", (_what, extra, line) => {
    expect(problemsOf(remote(extra))).toContain(line);
  });

  it("refuses auth on a builtin", () => {
    expect(problemsOf({ mcpServers: { dice: { builtin: "dice", auth: AUTH } } })).toContain(
      "config: mcpServers.dice.auth: only applies to http servers",
    );
  });

  it("prints the client secret as *** and nothing else of it", () => {
    const config = validateConfig(remote({ auth: AUTH }), context);
    const redactor = new Redactor();
    for (const secret of configSecrets(config)) redactor.register(secret);
    const printed = JSON.stringify(printableConfig(config, redactor));
    expect(printed).toContain('"client_secret":"***"');
    expect(printed).not.toContain("client-secret-value");
  });
});

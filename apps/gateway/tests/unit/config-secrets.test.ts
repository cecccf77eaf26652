import { silentLogger } from "@tabletop-mcp/kit";
import { describe, expect, it } from "vitest";
import { configSecrets, environmentSecrets } from "../../src/config/config-secrets.js";
import { validateConfig } from "../../src/config/validate-config.js";

const context = { baseDirectory: "/configs", env: {}, logger: silentLogger };

describe("the secrets of a config", () => {
  it("are header and env values, URL userinfo and query values, and credential arguments", () => {
    const config = validateConfig(
      {
        mcpServers: {
          notes: {
            command: "node",
            args: [
              "server.js",
              "--api-key",
              "key-one",
              "--client-secret=key-two",
              "--port",
              "8080",
              "--upstream",
              "https://me:pw%20three@example.org/?sig=key-four",
            ],
            env: { ANY_NAME: "env-five", NOTES_TOKEN: "env-six" },
          },
          rules: {
            url: "https://bot:key-seven@rules.example.org/mcp?key=key-eight&v=1",
            headers: { Authorization: "Bearer key-nine", "X-Plain": "header-ten" },
          },
          dice: { builtin: "dice", options: { seed: "not-a-secret" } },
        },
      },
      context,
    );
    const secrets = new Set(configSecrets(config));
    for (const expected of [
      "key-one",
      "key-two",
      "pw%20three",
      "pw three",
      "key-four",
      "env-five",
      "env-six",
      "bot",
      "key-seven",
      "key-eight",
      "Bearer key-nine",
      "key-nine",
      "header-ten",
    ]) {
      expect(secrets, expected).toContain(expected);
    }
    for (const plain of ["server.js", "--port", "8080", "node", "not-a-secret"]) {
      expect(secrets, plain).not.toContain(plain);
    }
  });
});

describe("the secrets of the gateway's environment", () => {
  it("are the values of variables whose names say they hold credentials", () => {
    expect(
      environmentSecrets({
        RULES_TOKEN: "a",
        OPENAI_API_KEY: "b",
        DB_PASSWORD: "c",
        MCP_AUTH_TOKEN: "d",
        GITHUB_PAT_SECRET: "e",
        HOME: "/root",
        PATH: "/usr/bin",
        UNSET_TOKEN: undefined,
      }).sort(),
    ).toEqual(["a", "b", "c", "d", "e"]);
  });
});

// biome-ignore-all lint/suspicious/noTemplateCurlyInString: config files spell ${NAME} literally
import { silentLogger } from "@tabletop-mcp/kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config/types.js";
import { validateConfig } from "../../src/config/validate-config.js";

const context = { baseDirectory: "/configs", env: { TOKEN: "abc" }, logger: silentLogger };

function problems(raw: unknown): readonly string[] {
  try {
    validateConfig(raw, context);
  } catch (error) {
    if (error instanceof ConfigError) return error.lines;
    throw error;
  }
  return [];
}

describe("config problems", () => {
  it("name the type a builtin option needs when it has another", () => {
    expect(
      problems({
        mcpServers: {
          d: { builtin: "dice", options: { seed: 5 } },
          w: { builtin: "world", options: { worldPath: "w.urd.md", watch: "yes" } },
        },
      }),
    ).toEqual([
      "config: mcpServers.d.options.seed: must be a string",
      "config: mcpServers.w.options.watch: must be true or false",
    ]);
  });

  it("include an entry's cross-field rules when its other keys fail too", () => {
    expect(
      problems({
        mcpServers: {
          a: {
            command: "a",
            startup_timeout_ms: 1.5,
            probe_timeout_ms: 50,
            max_total_timeout_ms: 50,
            max_sessions: 2,
          },
        },
      }),
    ).toEqual([
      "config: mcpServers.a.startup_timeout_ms: must be an integer 1000-300000 (got 1.5)",
      "config: mcpServers.a.probe_timeout_ms: must be an integer 100-300000 (got 50)",
      // timeout_ms is unset, so the floor is its default of 60000
      "config: mcpServers.a.max_total_timeout_ms: must be an integer at least 60000 (got 50)",
      'config: mcpServers.a.max_sessions: only applies with "per_session": true',
    ]);
  });

  it("name the key of an env value and the index of an argument whose variable is unset", () => {
    expect(
      problems({
        mcpServers: { a: { command: "a", args: ["ok", "${NOPE}"], env: { X: "${A}" } } },
      }),
    ).toEqual([
      "config: mcpServers.a.args[1]: environment variable NOPE is not set (write ${NOPE:-default} to give a default)",
      "config: mcpServers.a.env.X: environment variable A is not set (write ${A:-default} to give a default)",
    ]);
  });

  it("are the only way a config is refused, whatever JSON the file holds", () => {
    const entry = fc.dictionary(
      fc.constantFrom(
        "command",
        "url",
        "builtin",
        "type",
        "args",
        "env",
        "options",
        "timeout_ms",
        "tools",
        "tiers",
        "prefix",
        "per_session",
        "disabled",
      ),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const config = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record(
        { mcpServers: fc.dictionary(fc.string(), entry), gateway: fc.jsonValue() },
        { requiredKeys: ["mcpServers"] },
      ),
    );
    fc.assert(
      fc.property(config, (raw) => {
        for (const line of problems(raw)) expect(line).toMatch(/^config: \S/);
      }),
    );
  });
});

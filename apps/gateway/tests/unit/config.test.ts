// biome-ignore-all lint/suspicious/noTemplateCurlyInString: config files spell ${NAME} literally
import { silentLogger } from "@tabletop-mcp/kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expandVariables } from "../../src/config/expand-variables.js";
import { parseConfigJson } from "../../src/config/parse-json.js";
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

describe("${NAME} expansion", () => {
  it("substitutes set variables, defaults and $$, and leaves other text alone", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.stringMatching(/^[a-z ]{0,5}$/),
            fc.constant("$$"),
            fc.constant("${SET}"),
            fc.constant("${UNSET:-x}"),
          ),
        ),
        (pieces) => {
          const expected = pieces
            .map((piece) =>
              piece === "$$"
                ? "$"
                : piece === "${SET}"
                  ? "v"
                  : piece === "${UNSET:-x}"
                    ? "x"
                    : piece,
            )
            .join("");
          expect(expandVariables(pieces.join(""), { SET: "v" })).toEqual({
            ok: true,
            value: expected,
          });
        },
      ),
    );
  });

  it("names every unset variable without a default", () => {
    expect(expandVariables("${A}-${B:-b}-${C}", {})).toEqual({ ok: false, missing: ["A", "C"] });
  });
});

describe("config validation", () => {
  it("fills the defaults of docs/gateway.md §3", () => {
    const config = validateConfig(
      { mcpServers: { notes: { command: "notes-mcp" }, dice: { builtin: "dice" } } },
      context,
    );
    expect(config.defaultTier).toBe("deep");
    expect(config.servers[0]).toMatchObject({
      kind: "stdio",
      command: "notes-mcp",
      timeoutMs: 60_000,
      maxTotalTimeoutMs: 600_000,
      startupTimeoutMs: 30_000,
      rateLimitMs: 0,
      perSession: false,
      maxSessions: 32,
    });
    expect(config.servers[1]).toMatchObject({ kind: "builtin", rateLimitMs: 200 });
  });

  it("resolves a command with a path separator and a relative cwd against the config's folder", () => {
    const config = validateConfig(
      { mcpServers: { local: { command: "./bin/server", cwd: "data" } } },
      context,
    );
    expect(config.servers[0]).toMatchObject({
      command: "/configs/bin/server",
      cwd: "/configs/data",
    });
  });

  it("accepts VS Code's servers key, skips disabled entries and ignores unknown client keys", () => {
    const config = validateConfig(
      { servers: { a: { command: "a", autoApprove: ["x"] }, b: { command: "b", disabled: true } } },
      context,
    );
    expect(config.servers.map((entry) => entry.name)).toEqual(["a"]);
  });

  it("reports each problem on its own line naming the key", () => {
    expect(
      problems({
        mcpServers: {
          x: { command: "a", url: "http://h/mcp" },
          "bad name": { builtin: "dice" },
          y: { url: "ftp://h", type: "stdio" },
        },
      }),
    ).toEqual([
      'config: mcpServers.x: give exactly one of "command", "url", "builtin" (got command, url)',
      "config: mcpServers.bad name: server names must match ^[a-zA-Z0-9_-]{1,64}$",
      "config: mcpServers.y.type: says stdio but the entry is a http server",
      "config: mcpServers.y.url: must be an http:// or https:// URL",
    ]);
  });

  it("refuses both mcpServers and servers, and per_session off stdio", () => {
    expect(problems({ mcpServers: {}, servers: {} })).toEqual([
      'config: servers: give either "mcpServers" or "servers", not both',
    ]);
    expect(problems({ mcpServers: { d: { builtin: "dice", per_session: true } } })).toEqual([
      "config: mcpServers.d.per_session: only applies to stdio servers",
    ]);
  });

  it("checks builtin options with the package's schema; world needs its file", () => {
    expect(problems({ mcpServers: { w: { builtin: "world" } } })).toEqual([
      "config: mcpServers.w.options.worldPath: missing required option",
    ]);
    expect(problems({ mcpServers: { d: { builtin: "duality", options: { seed: "" } } } })).toEqual([
      "config: mcpServers.d.options.seed: must be 1-256 characters",
    ]);
  });

  it("bounds max_total_timeout_ms below by timeout_ms", () => {
    expect(
      problems({
        mcpServers: { a: { command: "a", timeout_ms: 5000, max_total_timeout_ms: 4000 } },
      }),
    ).toEqual([
      "config: mcpServers.a.max_total_timeout_ms: must be an integer at least 5000 (got 4000)",
    ]);
  });
});

describe("JSON syntax errors", () => {
  it("name the line and column of the offending character", () => {
    const text = '{\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": {}\n  }\n}';
    // the second entry's opening quote: line 4, column 5
    expect(() => parseConfigJson(text, "gw.json")).toThrow(/^config gw\.json:4:5: /);
  });

  it("point past the end when the file stops early", () => {
    // line 2 is `  "a": [1,`, ten characters: the end is column 11
    expect(() => parseConfigJson('{\n  "a": [1,', "gw.json")).toThrow(/^config gw\.json:2:11: /);
  });
});

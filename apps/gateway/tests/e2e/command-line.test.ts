// biome-ignore-all lint/suspicious/noTemplateCurlyInString: config files spell ${NAME} literally
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Client } from "@modelcontextprotocol/client";
import {
  connectStdioCommand,
  initializeRequest,
  runCommand,
  runStdioLines,
  type TestConnection,
} from "@tabletop-mcp/kit/testing";
import { afterAll, describe, expect, it } from "vitest";
import {
  CLIENT_SAFE_NAME,
  GATEWAY,
  removeFolders,
  temporaryFolder,
  WORLD,
  writeConfig,
} from "./support.js";

afterAll(removeFolders);

/** Every listed name of one kind, through a real client. */
async function allNames(client: Client): Promise<{ tools: string[]; prompts: string[] }> {
  const tools = (await client.listTools()).tools.map((tool) => tool.name);
  const prompts = (await client.listPrompts()).prompts.map((prompt) => prompt.name);
  return { tools, prompts };
}

describe("the default configuration", () => {
  const cases: [string, string[], string[]][] = [
    ["without --world", [], ["dice", "duality", "campaign"]],
    ["with --world", ["--world", WORLD], ["dice", "duality", "campaign", "world"]],
  ];
  for (const [label, args, upstreams] of cases) {
    it(`starts ${label}, lists no duplicate names, and every name is client-safe`, async () => {
      const connection: TestConnection = await connectStdioCommand(GATEWAY, args, {
        XDG_DATA_HOME: temporaryFolder(),
      });
      try {
        const { tools, prompts } = await allNames(connection.client);
        expect(new Set(tools).size).toBe(tools.length);
        expect(new Set(prompts).size).toBe(prompts.length);
        for (const name of [...tools, ...prompts]) expect(name).toMatch(CLIENT_SAFE_NAME);
        const stats = await connection.client.readResource({ uri: "gateway://stats" });
        const document = JSON.parse((stats.contents[0] as { text: string }).text) as {
          upstreams: { name: string; state: string }[];
        };
        expect(document.upstreams.map((upstream) => upstream.name)).toEqual(upstreams);
        expect(document.upstreams.every((upstream) => upstream.state === "ready")).toBe(true);
      } finally {
        await connection.close();
      }
    });
  }

  it("starts without loading the PostgreSQL driver or fetch, which SQLite never needs", () => {
    const preload = fileURLToPath(new URL("../fixtures/report-fetch-loaded.mjs", import.meta.url));
    // The preload reports at exit what was loaded.
    const { messages, stderr } = runStdioLines(
      GATEWAY,
      [],
      [
        JSON.stringify(initializeRequest(1, "start-up-check")),
        '{"jsonrpc":"2.0","method":"notifications/initialized"}',
        '{"jsonrpc":"2.0","id":2,"method":"tools/list"}',
      ],
      { env: { XDG_DATA_HOME: temporaryFolder() }, nodeArgs: ["--import", preload] },
    );
    expect(messages.map((message) => message.id)).toEqual([1, 2]);
    expect((messages[1]?.result?.tools as unknown[] | undefined)?.length).toBeGreaterThan(10);
    expect(stderr).toContain("fetch implementation loaded: false\n");
  });

  it("keeps campaigns under XDG_DATA_HOME, as the standalone campaign server does", () => {
    const dataHome = temporaryFolder();
    const result = runCommand(GATEWAY, ["--print-config"], { XDG_DATA_HOME: dataHome });
    expect(result.status).toBe(0);
    const printed = JSON.parse(result.stdout) as {
      mcpServers: { campaign: { options: { dbPath: string } } };
    };
    expect(printed.mcpServers.campaign.options.dbPath).toBe(
      join(dataHome, "tabletop-mcp", "campaign.db"),
    );
  });
});

describe("config validation", () => {
  it("exits 2 with one line per problem, each naming the key", () => {
    const config = writeConfig({
      mcpServers: {
        notes: { command: "node", prefix: "my.server", timeout_ms: 5 },
        dice: { builtin: "dice", options: { sides: 6 } },
        old: { url: "http://127.0.0.1:1/sse", type: "sse" },
      },
    });
    const result = runCommand(GATEWAY, ["--config", config]);
    expect(result.status).toBe(2);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(4);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^config: mcpServers\.notes\.prefix: "my\.server" must match/),
        expect.stringMatching(
          /^config: mcpServers\.notes\.timeout_ms: must be an integer 100-3600000/,
        ),
        expect.stringMatching(/^config: mcpServers\.dice\.options\.sides: unknown option$/),
        expect.stringMatching(
          /^config: mcpServers\.old\.type: legacy HTTP\+SSE upstreams are not supported/,
        ),
      ]),
    );
  });

  it("names an unset ${NAME} and accepts ${NAME:-fallback}", () => {
    const config = writeConfig({
      mcpServers: {
        rules: {
          url: "http://127.0.0.1:1/mcp",
          headers: { Authorization: "Bearer ${RULES_TOKEN}" },
        },
        other: { url: "${OTHER_URL:-http://127.0.0.1:2/mcp}" },
      },
    });
    const result = runCommand(GATEWAY, ["--config", config]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(
      "config: mcpServers.rules.headers.Authorization: environment variable RULES_TOKEN is not set (write ${RULES_TOKEN:-default} to give a default)",
    );
  });

  it("reports a JSON syntax error as FILE:LINE:COL", () => {
    const config = writeConfig(
      '{\n  "mcpServers": {\n    "dice": { "builtin": "dice" },\n  }\n}\n',
    );
    const result = runCommand(GATEWAY, ["--config", config]);
    expect(result.status).toBe(2);
    // the offending "}" after the trailing comma is on line 4, column 3
    expect(result.stderr.trim()).toMatch(
      new RegExp(`^config ${config.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:4:3: `),
    );
  });

  it("rejects an unknown --tier with exit 2 naming the flag", () => {
    const result = runCommand(GATEWAY, ["--tier", "quick", "--print-config"]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(
      'tabletop-gateway: --tier must be one of fast, standard, deep (got "quick")',
    );
  });
});

describe("--print-config", () => {
  it("prints the effective config with secrets masked wherever they appear", () => {
    const config = writeConfig({
      mcpServers: {
        notes: {
          command: "node",
          args: ["server.js", "--api-key", "literal-key-1", "--token=${SECRET}", "--verbose"],
          env: { NOTES_TOKEN: "${SECRET}", MODE: "plain" },
          cwd: "./notes-${SECRET}",
        },
        rules: {
          url: "https://bot:pass-word-2@rules.example.org/mcp?key=${SECRET}&v=1",
          headers: { Authorization: "Bearer ${SECRET}" },
        },
      },
      gateway: { default_tier: "standard" },
    });
    const result = runCommand(GATEWAY, ["--config", config, "--print-config"], {
      SECRET: "s3cr3t-value",
    });
    expect(result.status).toBe(0);
    for (const secret of ["s3cr3t-value", "literal-key-1", "pass-word-2"]) {
      expect(result.stdout).not.toContain(secret);
    }
    const printed = JSON.parse(result.stdout) as {
      mcpServers: Record<string, Record<string, unknown>>;
      gateway: { default_tier: string };
    };
    expect(printed.mcpServers.notes).toMatchObject({
      type: "stdio",
      command: "node",
      args: ["server.js", "--api-key", "***", "--token=***", "--verbose"],
      env: { NOTES_TOKEN: "***", MODE: "***" },
      cwd: join(config, "..", "notes-***"),
      timeout_ms: 60000,
      max_total_timeout_ms: 600000,
      per_session: false,
    });
    expect(printed.mcpServers.rules).toMatchObject({
      type: "http",
      url: "https://***@rules.example.org/mcp?key=***&v=***",
      headers: { Authorization: "***" },
      rate_limit_ms: 0,
    });
    expect(printed.gateway.default_tier).toBe("standard");
  });
});

describe("--check", () => {
  it("exits 0 when every upstream connects and the names are fine", () => {
    const config = writeConfig({
      mcpServers: {
        dice: { builtin: "dice" },
        world: { builtin: "world", options: { worldPath: WORLD } },
      },
    });
    const result = runCommand(GATEWAY, ["--config", config, "--check"]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("2 of 2 upstreams reachable");
  });

  it("exits 1 when an upstream cannot be reached", () => {
    const config = writeConfig({
      mcpServers: {
        dice: { builtin: "dice" },
        gone: { url: "http://127.0.0.1:9/mcp", startup_timeout_ms: 2000 },
      },
    });
    const result = runCommand(GATEWAY, ["--config", config, "--check"]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('upstream "gone" could not be reached');
  });

  it("exits 2 when a tools.allow name is not offered (a typo must not hide a tool)", () => {
    const config = writeConfig({
      mcpServers: { dice: { builtin: "dice", tools: { allow: ["roll_dise"] } } },
    });
    const result = runCommand(GATEWAY, ["--config", config, "--check"]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(
      'config: mcpServers.dice.tools.allow: "roll_dise" is not offered by "dice"',
    );
  });

  it("exits 2 when a tools.deny name is not offered (a typo must not expose a tool)", () => {
    const config = writeConfig({
      mcpServers: { dice: { builtin: "dice", tools: { deny: ["roll_dice", "rol_dice"] } } },
    });
    const result = runCommand(GATEWAY, ["--config", config, "--check"]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(
      'config: mcpServers.dice.tools.deny: "rol_dice" is not offered by "dice"',
    );
  });

  it("exits 2 when two builtins expose the same name without a prefix", () => {
    const config = writeConfig({
      mcpServers: { dice: { builtin: "dice" }, more_dice: { builtin: "dice" } },
    });
    const result = runCommand(GATEWAY, ["--config", config, "--check"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      'tabletop-gateway: tool name collision: "roll_dice" is provided by "dice" and "more_dice"; set "prefix" on one of them or add "roll_dice" to its "tools.deny"',
    );
  });
});

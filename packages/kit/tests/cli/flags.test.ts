import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { parseCommandLine } from "../../src/cli/flags.js";
import { UsageError } from "../../src/cli/usage-error.js";
import { FIXTURE_ENTRY } from "../e2e/harness.js";

const spec = {
  defaultPort: 8081,
  defaultRateLimitMs: 200,
  extraFlags: [
    { name: "seed", value: "S", env: "DICE_SEED", description: "seed" },
    { name: "watch", env: "WATCH", description: "watch" },
  ],
};

describe("parseCommandLine", () => {
  it("applies the contract's defaults", () => {
    expect(parseCommandLine([], {}, spec)).toEqual({
      kind: "run",
      options: {
        transport: "stdio",
        host: "127.0.0.1",
        port: 8081,
        allowedHosts: [],
        authToken: undefined,
        auth: { allowUnauthenticated: false },
        rateLimitMs: 200,
        logLevel: "error",
        limits: {},
      },
      extra: {},
      positional: undefined,
    });
  });

  it("reads every flag, in both --flag value and --flag=value forms", () => {
    const parsed = parseCommandLine(
      [
        "--transport",
        "http",
        "--host=0.0.0.0",
        "--port",
        "0",
        "--allowed-hosts",
        "a.example, B.example",
        "--auth-token=t",
        "--rate-limit-ms",
        "0",
        "--log-level",
        "debug",
        "--seed",
        "abc",
        "--watch",
      ],
      {},
      spec,
    );
    expect(parsed.options).toEqual({
      transport: "http",
      host: "0.0.0.0",
      port: 0,
      allowedHosts: ["a.example", "b.example"],
      authToken: "t",
      auth: { allowUnauthenticated: false },
      rateLimitMs: 0,
      logLevel: "debug",
      limits: {},
    });
    expect(parsed.extra).toEqual({ seed: "abc", watch: true });
  });

  it("falls back to environment variables, and flags win over them", () => {
    const env = { MCP_TRANSPORT: "http", PORT: "9000", DICE_SEED: "env-seed", LOG_LEVEL: "WARN" };
    const fromEnv = parseCommandLine([], env, spec);
    expect(fromEnv.options).toMatchObject({ transport: "http", port: 9000, logLevel: "warn" });
    expect(fromEnv.extra).toEqual({ seed: "env-seed" });
    expect(parseCommandLine(["--port", "1234"], env, spec).options.port).toBe(1234);
  });

  it("splits --http-addr into host and port, brackets and all", () => {
    expect(parseCommandLine(["--http-addr", "0.0.0.0:8080"], {}, spec).options).toMatchObject({
      host: "0.0.0.0",
      port: 8080,
    });
    expect(parseCommandLine(["--http-addr", "[::1]:9"], {}, spec).options).toMatchObject({
      host: "::1",
      port: 9,
    });
  });

  it.each([
    [["--port", "70000"], '--port must be an integer 0-65535 (got "70000")'],
    [["--port", "8a"], '--port must be an integer 0-65535 (got "8a")'],
    [["--transport", "ws"], '--transport must be stdio or http (got "ws")'],
    [["--log-level", "loud"], '--log-level must be one of error, warn, info, debug (got "loud")'],
    [["--rate-limit-ms", "-1"], '--rate-limit-ms must be an integer 0-60000 (got "-1")'],
    [["--colour"], "unknown flag --colour; see --help"],
    [["--port"], "--port needs a value; see --help"],
    [
      ["--http-addr", "nohost"],
      '--http-addr must be HOST:PORT, e.g. 127.0.0.1:8080 (got "nohost")',
    ],
  ])("rejects %j with one clear line", (argv, message) => {
    expect(() => parseCommandLine(argv, {}, spec)).toThrow(new UsageError(message));
  });

  it("reads the HTTP limit flags and their environment variables; only those given are set", () => {
    const parsed = parseCommandLine(
      [
        "--max-sessions=300",
        "--max-sessions-per-client",
        "10",
        "--unused-session-idle-ms",
        "5000",
        "--headers-timeout-ms",
        "2000",
        "--request-timeout-ms",
        "4000",
        "--send-timeout-ms",
        "9000",
      ],
      {
        MCP_SESSION_IDLE_MS: "600000",
        MCP_KEEP_ALIVE_TIMEOUT_MS: "1500",
        MCP_STREAM_BUFFER_BYTES: "65536",
        MCP_MAX_SESSIONS: "7",
      },
      spec,
    );
    expect(parsed.options.limits).toEqual({
      maxSessions: 300,
      maxSessionsPerClient: 10,
      sessionIdleMs: 600_000,
      unusedSessionIdleMs: 5_000,
      headersTimeoutMs: 2_000,
      requestTimeoutMs: 4_000,
      keepAliveTimeoutMs: 1_500,
      streamBufferBytes: 65_536,
      sendTimeoutMs: 9_000,
    });
  });

  it.each([
    [["--max-sessions", "0"], '--max-sessions must be an integer 1-1000000 (got "0")'],
    [
      ["--max-sessions-per-client", "many"],
      '--max-sessions-per-client must be an integer 1-1000000 (got "many")',
    ],
    [
      ["--unused-session-idle-ms", "50"],
      '--unused-session-idle-ms must be an integer 100-604800000 (got "50")',
    ],
    [
      ["--headers-timeout-ms", "600001"],
      '--headers-timeout-ms must be an integer 100-600000 (got "600001")',
    ],
    [
      ["--stream-buffer-bytes", "1k"],
      '--stream-buffer-bytes must be an integer 1024-1073741824 (got "1k")',
    ],
    [
      ["--headers-timeout-ms", "5000", "--request-timeout-ms", "4000"],
      "--headers-timeout-ms (5000) must not exceed --request-timeout-ms (4000)",
    ],
  ])("rejects the limit flags %j with one clear line", (argv, message) => {
    expect(() => parseCommandLine(argv, {}, spec)).toThrow(new UsageError(message));
  });

  it("names the environment variable when its value is bad", () => {
    expect(() => parseCommandLine([], { PORT: "http" }, spec)).toThrow(
      'PORT must be an integer 0-65535 (got "http")',
    );
  });

  it("recognises --help and --version before anything else", () => {
    expect(parseCommandLine(["--port", "1", "--help"], {}, spec).kind).toBe("help");
    expect(parseCommandLine(["--version"], {}, spec).kind).toBe("version");
  });

  it("requires a required positional argument", () => {
    const withFile = {
      ...spec,
      positional: { name: "world.urd.md", description: "the world file", required: true },
    };
    expect(parseCommandLine(["w.urd.md"], {}, withFile).positional).toBe("w.urd.md");
    expect(() => parseCommandLine([], {}, withFile)).toThrow(
      "missing argument <world.urd.md>: the world file",
    );
  });
});

describe("the command line of a kit server", () => {
  const run = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [FIXTURE_ENTRY, ...args], {
      encoding: "utf8",
      env: { ...process.env, ...env },
      input: "",
      // A command that starts serving instead of refusing its flags fails here, not hangs.
      timeout: 15_000,
    });

  it("prints usage with every common flag for --help and exits 0", () => {
    const result = run(["--help"]);
    expect(result.status).toBe(0);
    for (const flag of [
      "--transport",
      "--host",
      "--port",
      "--http-addr",
      "--allowed-hosts",
      "--auth-token",
      "--max-sessions N",
      "--max-sessions-per-client N",
      "--session-idle-ms N",
      "--unused-session-idle-ms N",
      "--headers-timeout-ms N",
      "--request-timeout-ms N",
      "--keep-alive-timeout-ms N",
      "--stream-buffer-bytes N",
      "--send-timeout-ms N",
      "MCP_MAX_SESSIONS_PER_CLIENT; default 50",
    ]) {
      expect(result.stdout).toContain(flag);
    }
    expect(result.stdout).toContain("--greeting TEXT");
  });

  it("prints the version for --version and exits 0", () => {
    const result = run(["--version"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("1.0.0\n");
  });

  it("exits 2 with one line naming the flag on a bad value", () => {
    const result = run(["--port", "abc"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('kit-fixture: --port must be an integer 0-65535 (got "abc")\n');
    expect(result.stdout).toBe("");
  });

  it("exits 2 with one line naming the environment variable of a bad limit", () => {
    const result = run(["--transport", "http"], { MCP_MAX_SESSIONS_PER_CLIENT: "-3" });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      'kit-fixture: MCP_MAX_SESSIONS_PER_CLIENT must be an integer 1-1000000 (got "-3")\n',
    );
  });

  it("exits 2 when a server-specific flag's check fails", () => {
    const result = run([], { FIXTURE_GREETING: "far too long" });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe("kit-fixture: FIXTURE_GREETING must be at most 5 characters\n");
  });

  it("prints the listening URL on stderr in HTTP mode and exits 0 on SIGTERM", async () => {
    const { spawn } = await import("node:child_process");
    const child = spawn(process.execPath, [FIXTURE_ENTRY, "--transport", "http", "--port", "0"]);
    let stderr = "";
    await new Promise<void>((resolve) => {
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes("\n")) resolve();
      });
    });
    expect(stderr).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\/mcp\n$/);
    const port = Number(/:(\d+)\/mcp/.exec(stderr)?.[1]);
    const health = await fetch(`http://127.0.0.1:${port}/mcp/health`);
    expect(health.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});

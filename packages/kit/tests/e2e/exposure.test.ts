import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { FIXTURE_ENTRY } from "./harness.js";

const ONLY_PATH = { PATH: process.env.PATH ?? "" };

describe("a server on a non-loopback address", () => {
  it("exits 2 without auth, with one line naming the auth flags", () => {
    const run = spawnSync(
      process.execPath,
      [FIXTURE_ENTRY, "--transport", "http", "--host", "0.0.0.0", "--port", "0"],
      { encoding: "utf8", env: ONLY_PATH, timeout: 30_000 },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      "kit-fixture: refusing to serve 0.0.0.0 without auth: add --auth-token T, --auth-tokens FILE or --auth-issuer URL, or --allow-unauthenticated (MCP_ALLOW_UNAUTHENTICATED=1) to serve it open\n",
    );
  });

  it.each([
    ["--allow-unauthenticated", [], ["--allow-unauthenticated"]],
    ["MCP_ALLOW_UNAUTHENTICATED=1", [["MCP_ALLOW_UNAUTHENTICATED", "1"]], []],
  ])("starts with %s and warns, naming the address", async (_how, env, flags) => {
    const child = spawn(
      process.execPath,
      [FIXTURE_ENTRY, "--transport", "http", "--host", "0.0.0.0", "--port", "0", ...flags],
      { env: { ...ONLY_PATH, ...Object.fromEntries(env) }, stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr.setEncoding("utf8");
    const listening = new Promise<void>((resolve) => {
      child.stderr.on("data", (chunk: string) => {
        stderr += chunk;
        if (stderr.includes("listening on")) resolve();
      });
    });
    await listening;
    child.kill("SIGTERM");
    await once(child, "exit");
    expect(stderr).toContain(
      "warning: serving 0.0.0.0 without auth: anyone who can reach it may use every tool\n",
    );
    expect(stderr).toMatch(/listening on http:\/\/0\.0\.0\.0:\d+\/mcp/);
  });

  it("starts with the shared token and no warning", async () => {
    const child = spawn(
      process.execPath,
      [FIXTURE_ENTRY, "--transport", "http", "--host", "0.0.0.0", "--port", "0"],
      {
        env: { ...ONLY_PATH, MCP_AUTH_TOKEN: "a-long-token" },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.setEncoding("utf8");
    await new Promise<void>((resolve) => {
      child.stderr.on("data", (chunk: string) => {
        stderr += chunk;
        if (stderr.includes("listening on")) resolve();
      });
    });
    child.kill("SIGTERM");
    await once(child, "exit");
    expect(stderr).not.toContain("warning");
  });
});

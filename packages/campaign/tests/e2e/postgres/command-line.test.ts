import { spawn } from "node:child_process";
import { runCommand } from "@tabletop-mcp/kit/testing";
import { describe, expect, it } from "vitest";
import { runSql } from "../../support/sql.mjs";
import { newPostgresDatabase } from "../../support/store-under-test.js";
import { CLI_ENTRY, callOk, connectHttp } from "../harness.js";

const PASSWORD = "hunter2-do-not-print";

/** A URL with a password; the test cluster trusts every local login, so any password works. */
function withPassword(location: string): string {
  return location.replace("postgres://postgres@", `postgres://postgres:${PASSWORD}@`);
}

describe("tabletop-campaign with a PostgreSQL URL", () => {
  it("prints its configuration with the password masked, and keeps it out of --help", () => {
    const url = "postgresql://gm:hunter2-do-not-print@db.example:5432/campaign?sslmode=require";
    const printed = runCommand(CLI_ENTRY, ["--db", url, "--db-pool", "4", "--print-config"]);
    const help = runCommand(CLI_ENTRY, ["--db", url, "--help"]);

    expect(printed.status).toBe(0);
    expect(JSON.parse(printed.stdout)).toMatchObject({
      db: "postgresql://gm:***@db.example:5432/campaign?sslmode=require",
      store: "postgresql",
      db_pool: 4,
    });
    expect(printed.stdout + printed.stderr + help.stdout + help.stderr).not.toContain(PASSWORD);
    expect(help.stdout).toContain("--db-pool");
  });

  it("exits 1 with one line, without the password, when the server cannot be reached", () => {
    const result = runCommand(CLI_ENTRY, [
      "--db",
      `postgres://gm:${PASSWORD}@127.0.0.1:1/campaign`,
    ]);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/^cannot open database: .*ECONNREFUSED.*postgres:\/\/gm:\*\*\*@/);
    expect(result.stderr).not.toContain(PASSWORD);
  });

  it("refuses a pool size out of range with exit 2 and one line", () => {
    for (const size of ["0", "101", "four"]) {
      const result = runCommand(CLI_ENTRY, ["--db", ":memory:", "--db-pool", size]);
      expect(result.status).toBe(2);
      expect(result.stderr).toBe(
        `tabletop-campaign: --db-pool must be an integer from 1 to 100 (got ${JSON.stringify(size)})\n`,
      );
    }
  });

  it("logs a lost listener connection at debug level without the password", async () => {
    const database = await newPostgresDatabase();
    const child = spawn(
      process.execPath,
      [
        CLI_ENTRY,
        "--transport",
        "http",
        "--port",
        "0",
        "--log-level",
        "debug",
        "--db",
        withPassword(database.location),
      ],
      { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, PGPASSWORD: PASSWORD } },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const deadline = Date.now() + 20_000;
    const waitFor = async (pattern: RegExp) => {
      while (!pattern.test(stderr)) {
        if (Date.now() > deadline) throw new Error(`no ${pattern} in: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await waitFor(/listening on (http:\/\/\S+)/);
    const url = /listening on (http:\/\/\S+)/.exec(stderr)?.[1] ?? "";
    const client = await connectHttp(url);
    await callOk(client, "campaign_create", { name: "Logged", gm_mode: "AI" });
    await runSql(
      database.location,
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
      [`tabletop-campaign listener ${child.pid}`],
    );
    await waitFor(/listening for other replicas' changes stopped/);
    await client.close();
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    await database.remove();

    expect(stderr).not.toContain(PASSWORD);
  });
});

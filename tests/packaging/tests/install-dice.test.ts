import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runChecked } from "./helpers/commands.js";
import { commandEnvironment, installedScope, installTarballs } from "./helpers/install.js";
import { connectHttp, connectStdio, startHttpServer } from "./helpers/processes.js";
import { checkDice } from "./helpers/server-checks.js";
import { tarballPath } from "./helpers/tarballs.js";
import { PUBLISHED_PACKAGES, workspaceManifest } from "./helpers/workspace.js";

const kit = PUBLISHED_PACKAGES.find((published) => published.name === "@tabletop-mcp/kit");
const dice = PUBLISHED_PACKAGES.find((published) => published.name === "@tabletop-mcp/dice");
if (kit === undefined || dice === undefined) throw new Error("kit and dice are published");

describe("the dice server installed from its tarball with the kit's, and nothing else", () => {
  let directory: string;
  let dataHome: string;
  let command: string;

  beforeAll(async () => {
    directory = await installTarballs([tarballPath(kit), tarballPath(dice)]);
    dataHome = await mkdtemp(join(tmpdir(), "tabletop-data-"));
    command = join(directory, "node_modules", ".bin", "tabletop-dice");
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
    await rm(dataHome, { recursive: true, force: true });
  });

  it("installs the kit and dice from this repository and no other server", async () => {
    expect(await installedScope(directory, "@tabletop-mcp")).toEqual([
      "@tabletop-mcp/dice",
      "@tabletop-mcp/kit",
    ]);
    expect(existsSync(join(directory, "node_modules", "better-sqlite3"))).toBe(false);
  });

  it("puts tabletop-dice on the path of npm scripts, printing the package version", async () => {
    const { stdout } = await runChecked(command, ["--version"], { cwd: directory });
    expect(stdout.trim()).toBe(workspaceManifest(dice).version);
  });

  it("answers a real MCP client over stdio", async () => {
    const client = await connectStdio(command, [], {
      cwd: directory,
      env: commandEnvironment(dataHome),
    });
    try {
      expect(client.getServerVersion()?.name).toBe("tabletop-dice");
      await checkDice(client);
    } finally {
      await client.close();
    }
  });

  it("serves Streamable HTTP and its health check", async () => {
    const server = await startHttpServer(command, ["--transport", "http", "--port", "0"], {
      cwd: directory,
      env: commandEnvironment(dataHome),
    });
    try {
      const health = await fetch(new URL("/mcp/health", server.loopbackUrl));
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: "ok", name: "tabletop-dice" });
      const client = await connectHttp(server.loopbackUrl);
      await checkDice(client);
      await client.close();
    } finally {
      await server.stop();
    }
  });
});

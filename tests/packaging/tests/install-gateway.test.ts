import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runChecked } from "./helpers/commands.js";
import {
  commandEnvironment,
  installedScope,
  installTarballs,
  useWorkspaceSqliteAddon,
} from "./helpers/install.js";
import { connectStdio } from "./helpers/processes.js";
import { checkGateway } from "./helpers/server-checks.js";
import { tarballPath } from "./helpers/tarballs.js";
import { PUBLISHED_PACKAGES, REPOSITORY_ROOT, workspaceManifest } from "./helpers/workspace.js";

const WORLD_FIXTURE = join(REPOSITORY_ROOT, "packages/world/tests/fixtures/locked-garden.urd.md");
const gateway = PUBLISHED_PACKAGES.find((published) => published.name === "@tabletop-mcp/gateway");
if (gateway === undefined) throw new Error("the gateway is published");

describe("the gateway installed from its tarball with the tarballs of its dependencies", () => {
  let directory: string;
  let dataHome: string;
  let command: string;

  beforeAll(async () => {
    // Install scripts are skipped: better-sqlite3's would download or compile the addon the
    // workspace already built for this machine, which is copied in instead.
    directory = await installTarballs(PUBLISHED_PACKAGES.map(tarballPath), { ignoreScripts: true });
    await useWorkspaceSqliteAddon(directory);
    dataHome = await mkdtemp(join(tmpdir(), "tabletop-data-"));
    command = join(directory, "node_modules", ".bin", "tabletop-gateway");
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
    await rm(dataHome, { recursive: true, force: true });
  });

  it("installs the gateway and every package it needs from this repository", async () => {
    expect(await installedScope(directory, "@tabletop-mcp")).toEqual(
      PUBLISHED_PACKAGES.map((published) => published.name).sort(),
    );
  });

  it("prints its version", async () => {
    const { stdout } = await runChecked(command, ["--version"], { cwd: directory });
    expect(stdout.trim()).toBe(workspaceManifest(gateway).version);
  });

  it("serves every built-in server to a real MCP client over stdio", async () => {
    const client = await connectStdio(command, ["--world", WORLD_FIXTURE], {
      cwd: directory,
      env: commandEnvironment(dataHome),
    });
    try {
      expect(client.getServerVersion()?.name).toBe("tabletop-gateway");
      await checkGateway({ worldFile: WORLD_FIXTURE })(client);
    } finally {
      await client.close();
    }
  });
});

import { copyFile, mkdir, mkdtemp, readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cleanEnvironment, runChecked } from "./commands.js";
import { REPOSITORY_ROOT, readManifest } from "./workspace.js";

/**
 * Installs tarballs with npm into a new, empty folder, as a user would, and returns the folder.
 * `ignoreScripts` skips install scripts (see {@link useWorkspaceSqliteAddon}).
 */
export async function installTarballs(
  tarballs: readonly string[],
  options: { ignoreScripts?: boolean } = {},
): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), "tabletop-install-"));
  // A request to the registry that stalls is given up after 30 s and tried again (npm's own
  // default waits 5 minutes, longer than a test's set-up may take), up to four times.
  const flags = [
    "--no-audit",
    "--no-fund",
    "--loglevel=error",
    "--fetch-timeout=30000",
    "--fetch-retries=4",
  ];
  if (options.ignoreScripts === true) flags.push("--ignore-scripts");
  await runChecked("npm", ["install", ...flags, ...tarballs], { cwd: directory });
  return directory;
}

/** The names of the installed packages in a scope, e.g. `@tabletop-mcp`. */
export async function installedScope(directory: string, scope: string): Promise<string[]> {
  const entries = await readdir(join(directory, "node_modules", scope));
  return entries.map((entry) => `${scope}/${entry}`).sort();
}

/**
 * Gives an install made with `ignoreScripts` the better-sqlite3 addon the workspace built for
 * the same better-sqlite3 version on this machine, instead of compiling it again (about a
 * minute) or downloading a prebuilt one: the install script would produce the same file.
 */
export async function useWorkspaceSqliteAddon(directory: string): Promise<void> {
  const fromCampaign = createRequire(join(REPOSITORY_ROOT, "packages/campaign/package.json"));
  const workspaceAddon = dirname(fromCampaign.resolve("better-sqlite3/package.json"));
  const installedAddon = join(directory, "node_modules", "better-sqlite3");
  const workspaceVersion = readManifest(workspaceAddon).version;
  const installedVersion = readManifest(installedAddon).version;
  if (workspaceVersion !== installedVersion) {
    throw new Error(
      `npm installed better-sqlite3 ${installedVersion}, the workspace built ${workspaceVersion}; ` +
        "install it with its install script instead",
    );
  }
  const binary = join("build", "Release", "better_sqlite3.node");
  await mkdir(join(installedAddon, "build", "Release"), { recursive: true });
  await copyFile(join(workspaceAddon, binary), join(installedAddon, binary));
}

/** The environment for an installed command: the test's, with a private data folder. */
export function commandEnvironment(dataHome: string): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(cleanEnvironment({ XDG_DATA_HOME: dataHome }))) {
    if (value !== undefined) environment[name] = value;
  }
  return environment;
}

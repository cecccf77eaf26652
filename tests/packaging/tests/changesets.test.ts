import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runChecked } from "./helpers/commands.js";
import { PUBLISHED_PACKAGES, REPOSITORY_ROOT, readManifest } from "./helpers/workspace.js";

const SUMMARY = "Rolls report the generator they used.";

async function workspaceFolders(): Promise<string[]> {
  const folders = ["bench"];
  for (const parent of ["packages", "apps", "tests"]) {
    const entries = await readdir(join(REPOSITORY_ROOT, parent), { withFileTypes: true });
    for (const entry of entries) {
      if (entry.isDirectory()) folders.push(`${parent}/${entry.name}`);
    }
  }
  return folders.filter((folder) => existsSync(join(REPOSITORY_ROOT, folder, "package.json")));
}

/** A copy of the workspace's release configuration and manifests, to run `changeset version` in. */
async function copyReleaseSetup(destination: string): Promise<string[]> {
  const folders = await workspaceFolders();
  for (const file of ["package.json", "pnpm-workspace.yaml", ".changeset/config.json"]) {
    await cp(join(REPOSITORY_ROOT, file), join(destination, file));
  }
  for (const folder of folders) {
    await mkdir(join(destination, folder), { recursive: true });
    for (const file of ["package.json", "CHANGELOG.md"]) {
      const source = join(REPOSITORY_ROOT, folder, file);
      if (existsSync(source)) await cp(source, join(destination, folder, file));
    }
  }
  await symlink(join(REPOSITORY_ROOT, "node_modules"), join(destination, "node_modules"), "dir");
  return folders;
}

function nextPatch(version: string): string {
  const [major, minor, patch] = version.split(".").map(Number);
  return `${major}.${minor}.${(patch ?? 0) + 1}`;
}

describe("changeset version", () => {
  let copy: string;
  let folders: string[];
  const before = new Map<string, string>();

  beforeAll(async () => {
    copy = await mkdtemp(join(tmpdir(), "tabletop-changesets-"));
    folders = await copyReleaseSetup(copy);
    for (const folder of folders) before.set(folder, readManifest(join(copy, folder)).version);
    await writeFile(
      join(copy, ".changeset", "dice-reports-generator.md"),
      `---\n"@tabletop-mcp/dice": patch\n---\n\n${SUMMARY}\n`,
    );
    await runChecked(join(REPOSITORY_ROOT, "node_modules", ".bin", "changeset"), ["version"], {
      cwd: copy,
    });
  });

  afterAll(() => rm(copy, { recursive: true, force: true }));

  it("bumps the package a changeset names and writes the summary into its CHANGELOG", async () => {
    const version = readManifest(join(copy, "packages/dice")).version;
    expect(version).toBe(nextPatch(before.get("packages/dice") ?? ""));
    const changelog = await readFile(join(copy, "packages/dice/CHANGELOG.md"), "utf8");
    expect(changelog.startsWith("# @tabletop-mcp/dice\n")).toBe(true);
    const newEntry = changelog.indexOf(`## ${version}`);
    expect(newEntry).toBeGreaterThan(0);
    expect(changelog.indexOf(SUMMARY)).toBeGreaterThan(newEntry);
    expect(changelog.indexOf(`## ${before.get("packages/dice")}`)).toBeGreaterThan(newEntry);
    expect(existsSync(join(copy, ".changeset", "dice-reports-generator.md"))).toBe(false);
  });

  it("bumps each package on its own: dependents get a patch, unrelated packages nothing", () => {
    const dependsOnDice = (folder: string) =>
      Object.keys(readManifest(join(REPOSITORY_ROOT, folder)).dependencies ?? {}).includes(
        "@tabletop-mcp/dice",
      );
    for (const published of PUBLISHED_PACKAGES) {
      if (published.folder === "packages/dice") continue;
      const previous = before.get(published.folder) ?? "";
      const expected = dependsOnDice(published.folder) ? nextPatch(previous) : previous;
      expect(readManifest(join(copy, published.folder)).version, published.name).toBe(expected);
    }
  });

  it("leaves the private workspaces unversioned and without a CHANGELOG", () => {
    const privateFolders = folders.filter(
      (folder) => !PUBLISHED_PACKAGES.some((published) => published.folder === folder),
    );
    expect(privateFolders.length).toBeGreaterThan(0);
    for (const folder of privateFolders) {
      expect(readManifest(join(copy, folder)).version).toBe(before.get(folder));
      expect(existsSync(join(copy, folder, "CHANGELOG.md"))).toBe(false);
    }
  });
});

describe("the changesets waiting for a release", () => {
  it("each open with front matter naming published packages and a bump", async () => {
    const folder = join(REPOSITORY_ROOT, ".changeset");
    const files = (await readdir(folder)).filter(
      (name) => name.endsWith(".md") && name !== "README.md",
    );
    expect(files.length).toBeGreaterThan(0);
    const names = new Set(PUBLISHED_PACKAGES.map((published) => published.name));
    for (const file of files) {
      const text = await readFile(join(folder, file), "utf8");
      // A Markdown formatter once turned the front matter into a heading, which the release
      // tool refuses: the whole release then fails on one file.
      const header = /^---\n\n?((?:"[^"\n]+": (?:patch|minor|major)\n)+)\n?---\n\n?\S/.exec(text);
      expect(header, `${file} starts with front matter and a summary`).not.toBeNull();
      for (const line of header?.[1]?.trim().split("\n") ?? []) {
        expect(names, `${file}: ${line}`).toContain(line.slice(1, line.indexOf('"', 1)));
      }
    }
  });
});

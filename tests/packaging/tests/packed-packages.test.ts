import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tarballPath, type UnpackedTarball, unpackTarball } from "./helpers/tarballs.js";
import { type Manifest, PUBLISHED_PACKAGES, workspaceManifest } from "./helpers/workspace.js";

const DEPENDENCY_FIELDS = [
  "dependencies",
  "devDependencies",
  "peerDependencies",
  "optionalDependencies",
] as const;

/** What pnpm documents `workspace:` ranges to become on pack and publish. */
function publishedRange(workspaceRange: string, version: string): string {
  if (workspaceRange === "workspace:*") return version;
  if (workspaceRange === "workspace:^") return `^${version}`;
  if (workspaceRange === "workspace:~") return `~${version}`;
  return workspaceRange.replace(/^workspace:/, "");
}

/** Private workspace packages that published ones build with (devDependencies only). */
const BUILD_ONLY_PACKAGES = [{ folder: "packages/views", name: "@tabletop-mcp/views" }];

function manifestOf(name: string): Manifest {
  const found = [...PUBLISHED_PACKAGES, ...BUILD_ONLY_PACKAGES].find(
    (candidate) => candidate.name === name,
  );
  if (found === undefined) throw new Error(`${name} is not a workspace package`);
  return workspaceManifest(found);
}

function exportTargets(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(exportTargets);
}

describe.each(PUBLISHED_PACKAGES)("the packed $name", (published) => {
  const workspace = workspaceManifest(published);
  let unpacked: UnpackedTarball;

  beforeAll(async () => {
    unpacked = await unpackTarball(tarballPath(published));
  });

  it("has the workspace package's name and version", () => {
    expect(unpacked.manifest.name).toBe(published.name);
    expect(unpacked.manifest.version).toBe(workspace.version);
  });

  it("depends on other workspace packages by their real versions", () => {
    for (const field of DEPENDENCY_FIELDS) {
      const packed = unpacked.manifest[field] ?? {};
      for (const [name, range] of Object.entries(workspace[field] ?? {})) {
        if (!range.startsWith("workspace:")) continue;
        expect(packed[name], `${field}.${name}`).toBe(
          publishedRange(range, manifestOf(name).version),
        );
      }
      for (const range of Object.values(packed)) expect(range).not.toMatch(/^workspace:/);
    }
  });

  it("carries the publishing metadata", () => {
    const manifest = unpacked.manifest;
    expect(manifest.license).toBe("MIT");
    expect(manifest.engines?.node).toBe(">=20.19");
    expect(manifest.publishConfig?.access).toBe("public");
    expect(manifest.keywords?.length ?? 0).toBeGreaterThan(0);
    expect(unpacked.files).toEqual(
      expect.arrayContaining(["package.json", "README.md", "LICENSE", "CHANGELOG.md"]),
    );
  });

  it("ships its built files and nothing of the sources, tests or source maps", () => {
    const stray = unpacked.files.filter(
      (file) => /\.map$/.test(file) || /^(src|tests?|bench)\//.test(file),
    );
    expect(stray).toEqual([]);
    for (const target of exportTargets(unpacked.manifest.exports)) {
      expect(unpacked.files, `exports target ${target}`).toContain(target.replace(/^\.\//, ""));
    }
  });

  it.runIf(published.command !== undefined)("installs its command as an executable script", () => {
    const bin = unpacked.manifest.bin ?? {};
    expect(Object.keys(bin)).toEqual([published.command]);
    for (const target of Object.values(bin)) {
      const text = readFileSync(join(unpacked.root, target), "utf8");
      expect(text.startsWith("#!/usr/bin/env node\n")).toBe(true);
    }
  });
});

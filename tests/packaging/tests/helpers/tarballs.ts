import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { inject } from "vitest";
import { runChecked } from "./commands.js";
import {
  type Manifest,
  type PublishedPackage,
  readManifest,
  tarballName,
  workspaceManifest,
} from "./workspace.js";

/** The path of a published package's tarball, packed by the global setup. */
export function tarballPath(published: PublishedPackage): string {
  return join(inject("tarballDirectory"), tarballName(workspaceManifest(published)));
}

/** A tarball unpacked into a temporary folder: its root and every file path in it. */
export interface UnpackedTarball {
  root: string;
  files: string[];
  manifest: Manifest;
}

async function listFiles(directory: string, root: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(directory, entry.name);
      return entry.isDirectory() ? listFiles(path, root) : [relative(root, path)];
    }),
  );
  return nested.flat().sort();
}

/** Unpacks a tarball with the system's tar, as npm would lay it out (`package/...`). */
export async function unpackTarball(path: string): Promise<UnpackedTarball> {
  const directory = await mkdtemp(join(tmpdir(), "tabletop-unpacked-"));
  await runChecked("tar", ["-xzf", path, "-C", directory], { cwd: directory });
  const root = join(directory, "package");
  const files = await listFiles(root, root);
  return { root, files, manifest: readManifest(root) };
}

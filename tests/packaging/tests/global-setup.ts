import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { runChecked } from "./helpers/commands.js";
import { PUBLISHED_PACKAGES, REPOSITORY_ROOT } from "./helpers/workspace.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Folder holding a `pnpm pack` tarball of every published package. */
    tarballDirectory: string;
  }
}

/** Packs every published package once, as `pnpm publish` would, for all test files. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tarballDirectory = await mkdtemp(join(tmpdir(), "tabletop-packs-"));
  await Promise.all(
    PUBLISHED_PACKAGES.map((published) =>
      runChecked("pnpm", ["pack", "--pack-destination", tarballDirectory], {
        cwd: join(REPOSITORY_ROOT, published.folder),
      }),
    ),
  );
  project.provide("tarballDirectory", tarballDirectory);
  return () => rm(tarballDirectory, { recursive: true, force: true });
}

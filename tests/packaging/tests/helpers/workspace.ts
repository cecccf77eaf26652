import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const REPOSITORY_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

/** A package this repository publishes to npm. */
export interface PublishedPackage {
  /** Folder relative to the repository root. */
  folder: string;
  name: string;
  /** The command it installs, if any. */
  command?: string;
}

/** Every package that is published, as the contract lists them. */
export const PUBLISHED_PACKAGES: readonly PublishedPackage[] = [
  { folder: "packages/kit", name: "@tabletop-mcp/kit" },
  { folder: "packages/dice", name: "@tabletop-mcp/dice", command: "tabletop-dice" },
  { folder: "packages/duality", name: "@tabletop-mcp/duality", command: "tabletop-duality" },
  { folder: "packages/campaign", name: "@tabletop-mcp/campaign", command: "tabletop-campaign" },
  { folder: "packages/urd", name: "@tabletop-mcp/urd", command: "urd" },
  { folder: "packages/world", name: "@tabletop-mcp/world", command: "tabletop-world" },
  { folder: "apps/gateway", name: "@tabletop-mcp/gateway", command: "tabletop-gateway" },
];

/** The subset of package.json these tests read. */
export interface Manifest {
  name: string;
  version: string;
  bin?: Record<string, string>;
  exports?: Record<string, unknown>;
  files?: string[];
  engines?: Record<string, string>;
  license?: string;
  keywords?: string[];
  publishConfig?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** Reads a package.json. */
export function readManifest(packageDirectory: string): Manifest {
  return JSON.parse(readFileSync(join(packageDirectory, "package.json"), "utf8")) as Manifest;
}

/** The workspace's own manifest of a published package. */
export function workspaceManifest(published: PublishedPackage): Manifest {
  return readManifest(join(REPOSITORY_ROOT, published.folder));
}

/** The file name `pnpm pack` gives a package's tarball. */
export function tarballName(manifest: Manifest): string {
  return `${manifest.name.replace(/^@/, "").replace("/", "-")}-${manifest.version}.tgz`;
}

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The repository's root folder. */
export const REPOSITORY_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** A package of `packages/` or `apps/`, as the layering rules see it. */
export interface WorkspacePackage {
  /** `packages/dice`, `apps/gateway`. */
  readonly folder: string;
  /** `@tabletop-mcp/dice`. */
  readonly name: string;
  /** An app is composed of others; nothing may import it. */
  readonly isApp: boolean;
  /** It builds an MCP server (`src/server.ts`), which no other package may import. */
  readonly hasServer: boolean;
  /** It has an engine (`src/engine/`), reachable without the server at `<name>/engine`. */
  readonly hasEngine: boolean;
  /** Its `exports` map from package.json. */
  readonly exports: Readonly<Record<string, unknown>>;
  /** Every package its package.json depends on, of any kind, with the range it asks for. */
  readonly dependencies: Readonly<Record<string, string>>;
}

/** One import of a source file: what it names, as written. */
export interface SourceImport {
  /** The importing file, relative to the package folder (`src/engine/roll-dice.ts`). */
  readonly file: string;
  readonly specifier: string;
}

/** Every package of `packages/` and `apps/`, by folder name order. */
export function workspacePackages(): WorkspacePackage[] {
  return ["packages", "apps"].flatMap((parent) =>
    readdirSync(join(REPOSITORY_ROOT, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => describePackage(`${parent}/${entry.name}`))
      .filter((found): found is WorkspacePackage => found !== undefined),
  );
}

/**
 * Every static import, re-export and dynamic `import("...")` of a package's TypeScript sources,
 * read with the TypeScript compiler's own pre-processor (comments and strings are not imports).
 */
export function sourceImports(pack: WorkspacePackage): SourceImport[] {
  const root = join(REPOSITORY_ROOT, pack.folder);
  return sourceFiles(join(root, "src")).flatMap((path) => {
    const text = readFileSync(path, "utf8");
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const file = relative(root, path);
    return importedFiles.map((imported) => ({ file, specifier: imported.fileName }));
  });
}

function describePackage(folder: string): WorkspacePackage | undefined {
  const root = join(REPOSITORY_ROOT, folder);
  let manifest: {
    name: string;
    exports?: Record<string, unknown>;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  try {
    manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  } catch {
    return undefined;
  }
  const files = sourceFiles(join(root, "src")).map((path) => relative(root, path));
  return {
    folder,
    name: manifest.name,
    isApp: folder.startsWith("apps/"),
    hasServer: files.includes("src/server.ts"),
    hasEngine: files.includes("src/engine/index.ts"),
    exports: manifest.exports ?? {},
    dependencies: {
      ...manifest.peerDependencies,
      ...manifest.devDependencies,
      ...manifest.dependencies,
    },
  };
}

/** Every TypeScript source file under a folder (declaration files excepted), as absolute paths. */
export function sourceFiles(folder: string): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

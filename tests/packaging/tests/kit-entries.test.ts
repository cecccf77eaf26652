import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tarballPath, type UnpackedTarball, unpackTarball } from "./helpers/tarballs.js";
import { PUBLISHED_PACKAGES } from "./helpers/workspace.js";

// The kit's public surface is split by audience into subpath entries (packages/kit/README.md,
// "Entries"): each must be published with its types, and each name must have one home.

/** The kit's entries, as its README lists them. */
const KIT_ENTRIES = [".", "./auth", "./cli", "./http", "./in-process", "./random", "./testing"];

/** A name from each entry that the README says lives there. */
const HOMES: Readonly<Record<string, string>> = {
  createKitServer: ".",
  defineTool: ".",
  identityFromAuthInfo: "./auth",
  runServer: "./cli",
  parseCommandLine: "./cli",
  serveHttp: "./http",
  InProcessConnection: "./in-process",
  createSeededSource: "./random",
  connectInMemory: "./testing",
};

interface EntryTarget {
  types?: string;
  default?: string;
}

/**
 * Every name each entry's declaration file exports, values and types alike, read with the
 * TypeScript compiler (re-exports followed, `export *` included).
 *
 * @param declarations - each entry's `.d.ts` file, by entry
 * @returns the entries exporting each name, in the order given
 */
function entriesByName(declarations: Readonly<Record<string, string>>): Map<string, string[]> {
  const program = ts.createProgram(Object.values(declarations), {
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  });
  const checker = program.getTypeChecker();
  const owners = new Map<string, string[]>();
  for (const [entry, file] of Object.entries(declarations)) {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`${entry}: ${file} is not a module`);
    for (const symbol of checker.getExportsOfModule(module)) {
      owners.set(symbol.name, [...(owners.get(symbol.name) ?? []), entry]);
    }
  }
  return owners;
}

/** The names exported by more than one entry, with those entries. */
function sharedNames(owners: Map<string, string[]>): Record<string, string[]> {
  return Object.fromEntries([...owners].filter(([, entries]) => entries.length > 1));
}

describe("finding a name exported twice", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "tabletop-entries-"));
    await writeFile(join(folder, "package.json"), '{"type":"module"}');
    await writeFile(join(folder, "tool.d.ts"), "export declare function defineTool(): void;\n");
    await writeFile(join(folder, "a.d.ts"), 'export { defineTool } from "./tool.js";\n');
    await writeFile(join(folder, "b.d.ts"), 'export * from "./tool.js";\nexport type B = 1;\n');
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it("sees a name that two entries re-export, by name or with export *", () => {
    const owners = entriesByName({ ".": join(folder, "a.d.ts"), "./b": join(folder, "b.d.ts") });
    expect(sharedNames(owners)).toEqual({ defineTool: [".", "./b"] });
    expect(owners.get("B")).toEqual(["./b"]);
  });
});

describe("the packed @tabletop-mcp/kit's entries", () => {
  const kit = PUBLISHED_PACKAGES.find((published) => published.name === "@tabletop-mcp/kit");
  let unpacked: UnpackedTarball;
  let targets: Record<string, EntryTarget>;

  beforeAll(async () => {
    if (kit === undefined) throw new Error("@tabletop-mcp/kit is not a published package");
    unpacked = await unpackTarball(tarballPath(kit));
    targets = (unpacked.manifest.exports ?? {}) as Record<string, EntryTarget>;
  });

  it("are the documented ones, each shipped with its code and its types", () => {
    const entries = Object.keys(targets).filter((key) => key !== "./package.json");
    expect(entries.sort()).toEqual(KIT_ENTRIES);
    for (const entry of KIT_ENTRIES) {
      const { types, default: code } = targets[entry] ?? {};
      expect(types, `${entry} types`).toMatch(/^\.\/dist\/.*\.d\.ts$/);
      expect(code, `${entry} code`).toMatch(/^\.\/dist\/.*\.js$/);
      expect(unpacked.files).toContain(types?.slice(2));
      expect(unpacked.files).toContain(code?.slice(2));
    }
  });

  it("export each name from one entry only, and each documented name from its home", () => {
    const declarations = Object.fromEntries(
      KIT_ENTRIES.map((entry) => [entry, join(unpacked.root, targets[entry]?.types ?? "")]),
    );
    const owners = entriesByName(declarations);
    expect(sharedNames(owners)).toEqual({});
    for (const entry of KIT_ENTRIES) {
      expect([...owners.values()].flat(), `${entry} exports nothing`).toContain(entry);
    }
    for (const [name, home] of Object.entries(HOMES)) {
      expect(owners.get(name), name).toEqual([home]);
    }
  });
});

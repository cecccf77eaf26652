import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { PUBLISHED_PACKAGES, REPOSITORY_ROOT, workspaceManifest } from "./helpers/workspace.js";

/** Fastify's error codes: present in any file holding Fastify's code, minified or not. */
const FASTIFY_MARKER = "FST_ERR_";

/** Specifiers of the import and re-export statements of an ES module (minified or not). */
function importSpecifiers(code: string): string[] {
  const statement = /(?:^|[;\n])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g;
  return [...code.matchAll(statement)].map((match) => match[1] ?? "");
}

function staticImports(code: string): string[] {
  return importSpecifiers(code).filter((specifier) => specifier.startsWith("./"));
}

function dynamicImports(code: string): string[] {
  return [...code.matchAll(/import\(\s*["'](\.\/[^"']+)["']\s*\)/g)].map((match) => match[1] ?? "");
}

/** The files a bundle loads at start-up, and those it leaves to dynamic import(). */
function loadGraph(entry: string): { eager: Set<string>; lazy: Set<string> } {
  const eager = new Set<string>();
  const lazy = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() ?? "";
    if (eager.has(file)) continue;
    eager.add(file);
    const code = readFileSync(file, "utf8");
    for (const target of staticImports(code)) pending.push(join(dirname(file), target));
    for (const target of dynamicImports(code)) lazy.add(join(dirname(file), target));
  }
  for (const file of eager) lazy.delete(file);
  return { eager, lazy };
}

/** The dependencies with a native addon that a bundled command may have. */
const NATIVE_ADDONS = ["better-sqlite3"];

const BUNDLED_WITH_KIT = PUBLISHED_PACKAGES.filter((published) =>
  [
    "@tabletop-mcp/dice",
    "@tabletop-mcp/duality",
    "@tabletop-mcp/campaign",
    "@tabletop-mcp/world",
  ].includes(published.name),
);

describe.each(BUNDLED_WITH_KIT)("the bundled $command command", (published) => {
  const bin = Object.values(workspaceManifest(published).bin ?? {})[0] ?? "";
  const entry = join(REPOSITORY_ROOT, published.folder, bin);

  it("starts from one file that imports no package but Node's own", () => {
    const code = readFileSync(entry, "utf8");
    const packages = importSpecifiers(code).filter(
      (specifier) => !specifier.startsWith("./") && !specifier.startsWith("node:"),
    );
    expect(packages).toEqual([]);
  });

  // An ES import of a CommonJS package makes Node parse its source for named exports and
  // keep a facade module; require() does neither (scripts/bundle-command.mjs).
  it("requires its native addons rather than importing them", () => {
    const dependencies = workspaceManifest(published).dependencies ?? {};
    const nativeAddons = NATIVE_ADDONS.filter((name) => name in dependencies);
    const { eager } = loadGraph(entry);
    const code = [...eager].map((file) => readFileSync(file, "utf8")).join("\n");
    for (const dependency of nativeAddons) {
      expect(importSpecifiers(code)).not.toContain(dependency);
      expect(code).toMatch(new RegExp(`\\(import\\.meta\\.url\\)\\("${dependency}"\\)`));
    }
  });

  it("loads Fastify only through a dynamic import, for HTTP", () => {
    const { eager, lazy } = loadGraph(entry);
    for (const file of eager)
      expect(readFileSync(file, "utf8"), file).not.toContain(FASTIFY_MARKER);
    const lazyCode = [...lazy].map((file) => readFileSync(file, "utf8")).join("\n");
    expect(lazyCode).toContain(FASTIFY_MARKER);
  });
});

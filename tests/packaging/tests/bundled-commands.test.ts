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

  it("starts from one file that imports no package but Node's own and native addons", () => {
    const code = readFileSync(entry, "utf8");
    const packages = importSpecifiers(code).filter(
      (specifier) => !specifier.startsWith("./") && !specifier.startsWith("node:"),
    );
    expect(packages.filter((specifier) => specifier !== "better-sqlite3")).toEqual([]);
  });

  it("loads Fastify only through a dynamic import, for HTTP", () => {
    const { eager, lazy } = loadGraph(entry);
    for (const file of eager)
      expect(readFileSync(file, "utf8"), file).not.toContain(FASTIFY_MARKER);
    const lazyCode = [...lazy].map((file) => readFileSync(file, "utf8")).join("\n");
    expect(lazyCode).toContain(FASTIFY_MARKER);
  });
});

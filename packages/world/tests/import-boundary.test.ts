import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SOURCE_ROOT = fileURLToPath(new URL("../src/", import.meta.url));

/** Every module specifier of static imports, re-exports and dynamic imports in a file. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\b[^'"`;]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) if (match[1]) found.push(match[1]);
  }
  return found;
}

const sourceFiles = readdirSync(SOURCE_ROOT, { recursive: true, encoding: "utf8" })
  .filter((name) => name.endsWith(".ts"))
  .map((name) => join(SOURCE_ROOT, name));

describe("the compiler's public API boundary", () => {
  it("finds the source files and their compiler imports", () => {
    const compilerImports = sourceFiles.flatMap((file) =>
      specifiers(readFileSync(file, "utf8")).filter((specifier) =>
        specifier.startsWith("@tabletop-mcp/urd"),
      ),
    );
    expect(sourceFiles.length).toBeGreaterThan(10);
    expect(compilerImports.length).toBeGreaterThan(0);
  });

  it.each(sourceFiles.map((file) => [file.slice(SOURCE_ROOT.length), file]))(
    "%s imports the compiler only through its package root",
    (_name, file) => {
      const deep = specifiers(readFileSync(file, "utf8")).filter(
        (specifier) =>
          (specifier.startsWith("@tabletop-mcp/urd") && specifier !== "@tabletop-mcp/urd") ||
          specifier.includes("urd/src") ||
          specifier.includes("urd/dist"),
      );
      expect(deep).toEqual([]);
    },
  );

  it("recognises a deep import when it sees one", () => {
    expect(
      specifiers('import { parseFile } from "@tabletop-mcp/urd/dist/parse/parse-file.js";'),
    ).toEqual(["@tabletop-mcp/urd/dist/parse/parse-file.js"]);
  });
});

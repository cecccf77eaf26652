import { readFileSync } from "node:fs";

/**
 * The `version` of the package a module belongs to, read from the `package.json` one level
 * above the module's folder (`dist/` or `src/`).
 * @param moduleUrl - `import.meta.url` of a module directly inside `dist/` or `src/`
 */
export function readPackageVersion(moduleUrl: string): string {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", moduleUrl), "utf8")) as {
    version?: unknown;
  };
  return typeof manifest.version === "string" ? manifest.version : "0.0.0";
}

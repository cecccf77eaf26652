import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The built gateway command. */
export const GATEWAY = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));
/** A small Urd world (a copy of the shared locked-garden fixture). */
export const WORLD = fileURLToPath(new URL("../../examples/locked-garden.urd.md", import.meta.url));
/** The pattern every exposed name must match (docs/gateway.md §5.1). */
export const CLIENT_SAFE_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const folders: string[] = [];

/** A fresh temporary folder, removed by {@link removeFolders}. */
export function temporaryFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "gateway-e2e-"));
  folders.push(folder);
  return folder;
}

/** Writes a config file (JSON or raw text) into a fresh folder and returns its path. */
export function writeConfig(config: unknown): string {
  const file = join(temporaryFolder(), "gateway.json");
  writeFileSync(file, typeof config === "string" ? config : JSON.stringify(config, null, 2));
  return file;
}

/** Removes every folder made by these helpers. */
export function removeFolders(): void {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

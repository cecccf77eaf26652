import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { CompiledWorld } from "../../src/index.js";
import { loadWorldFile } from "../../src/index.js";

const FIXTURES = new URL("../fixtures/", import.meta.url);

/** The absolute path of a fixture world, e.g. `locked-garden.urd.md` or `diff/diff-a-minimal.urd.md`. */
export function fixturePath(name: string): string {
  return fileURLToPath(new URL(name, FIXTURES));
}

/** Every fixture world, by path relative to the fixtures folder, sorted. */
export function allFixtures(): string[] {
  return readdirSync(fileURLToPath(FIXTURES), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".urd.md"))
    .map((name) => name.split("\\").join("/"))
    .sort();
}

/** Compiles a fixture from disk, imports included. */
export function compileFixture(name: string): CompiledWorld {
  return loadWorldFile(fixturePath(name)).compiled;
}

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compileFile } from "../../src/index.js";
import { lines } from "../helpers/fixtures.js";

// Real symlinks on disk. The world's folder is `world/`; `outside/` sits next to it and holds
// a file whose text must never reach a compilation of the world.
const secret = "OUTSIDE-SECRET-TEXT";
const secretWorld = lines("# Vault", "", secret);

function mainImporting(...paths: string[]): string {
  return lines(
    "---",
    "world:",
    "  name: linked",
    "  start: hall",
    ...paths.map((path) => `import: ${path}`),
    "---",
    "# Hall",
    "",
    "[@lamp]",
  );
}

const lampFile = lines(
  "---",
  "types:",
  "  Lamp [portable]:",
  "    lit: bool = false",
  "entities:",
  "  @lamp: Lamp",
  "---",
);

let scratch = "";
let world = "";
let outside = "";

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), "urd-symlinks-"));
  world = join(scratch, "world");
  outside = join(scratch, "outside");
  mkdirSync(world);
  mkdirSync(outside);
  writeFileSync(join(outside, "secret.urd.md"), secretWorld);
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

const outsideRoot = (path: string) => [
  "URD208",
  `Import path '${path}' resolves outside the project root.`,
];

describe("imports that are symlinks", () => {
  it("refuses an import that is a symlink to a file outside the world's folder", () => {
    symlinkSync(join(outside, "secret.urd.md"), join(world, "leak.urd.md"));
    writeFileSync(join(world, "main.urd.md"), mainImporting("./leak.urd.md"));
    const result = compileFile(join(world, "main.urd.md"));
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      outsideRoot("./leak.urd.md"),
    ]);
    expect(result.diagnostics[0]?.span.start_line).toBe(5);
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it("refuses an import reached through a symlinked directory that leads outside", () => {
    symlinkSync(outside, join(world, "shared"));
    writeFileSync(join(world, "main.urd.md"), mainImporting("./shared/secret.urd.md"));
    const result = compileFile(join(world, "main.urd.md"));
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      outsideRoot("./shared/secret.urd.md"),
    ]);
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it("follows file and directory symlinks that stay inside the world's folder", () => {
    mkdirSync(join(world, "parts"));
    writeFileSync(join(world, "parts", "lamp.urd.md"), lampFile);
    writeFileSync(join(world, "parts", "cellar.urd.md"), lines("# Cellar", "", "Damp."));
    symlinkSync("parts", join(world, "linked"));
    symlinkSync(join("parts", "cellar.urd.md"), join(world, "downstairs.urd.md"));
    writeFileSync(
      join(world, "main.urd.md"),
      mainImporting("./linked/lamp.urd.md", "./downstairs.urd.md"),
    );
    const result = compileFile(join(world, "main.urd.md"));
    expect(result.diagnostics.map((d) => d.code)).toEqual(["URD430"]);
    expect(result.world?.locations?.hall?.contains).toEqual(["lamp"]);
    expect(result.world?.locations?.cellar?.description).toBe("Damp.");
  });
});

describe("an entry file that is a symlink", () => {
  it("resolves its imports in the folder that really holds it, not beside the link", () => {
    writeFileSync(join(world, "main.urd.md"), mainImporting("./lamp.urd.md"));
    writeFileSync(join(world, "lamp.urd.md"), lampFile);
    writeFileSync(join(scratch, "lamp.urd.md"), secretWorld);
    symlinkSync(join(world, "main.urd.md"), join(scratch, "current.urd.md"));
    const result = compileFile(join(scratch, "current.urd.md"));
    expect(result.diagnostics).toEqual([]);
    expect(result.world?.locations?.hall?.contains).toEqual(["lamp"]);
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it("still confines its imports to that folder", () => {
    writeFileSync(join(world, "main.urd.md"), mainImporting("./leak.urd.md"));
    symlinkSync(join(outside, "secret.urd.md"), join(world, "leak.urd.md"));
    symlinkSync(join(world, "main.urd.md"), join(scratch, "current.urd.md"));
    const result = compileFile(join(scratch, "current.urd.md"));
    expect(result.diagnostics.map((d) => [d.code, d.message, d.span.file])).toEqual([
      [...outsideRoot("./leak.urd.md"), "current.urd.md"],
    ]);
    expect(JSON.stringify(result)).not.toContain(secret);
  });
});

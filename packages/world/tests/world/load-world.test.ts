import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadWorldFile, WorldError } from "../../src/index.js";
import { fixturePath } from "../helpers/fixtures.js";

describe("loadWorldFile", () => {
  it("refuses an unreadable entry file with a WorldError naming it", () => {
    const missing = fixturePath("does-not-exist.urd.md");
    expect(() => loadWorldFile(missing)).toThrow(
      new WorldError(
        "WORLD_FILE_UNREADABLE",
        `cannot read world file '${missing}': no such file or directory`,
      ),
    );
  });

  it("records the entry file and its imports for watching", () => {
    const main = fixturePath("interrogation/main.urd.md");
    expect(loadWorldFile(main).files).toEqual([
      main,
      join(fixturePath("interrogation/"), "world.urd.md"),
    ]);
  });

  it("records an import that is a symlink and the real file it leads to", () => {
    const folder = realpathSync(mkdtempSync(join(tmpdir(), "world-load-")));
    try {
      mkdirSync(join(folder, "parts"));
      writeFileSync(join(folder, "parts", "rooms.urd.md"), "# Cellar\n");
      symlinkSync(join("parts", "rooms.urd.md"), join(folder, "rooms.urd.md"));
      writeFileSync(join(folder, "main.urd.md"), "---\nimport: ./rooms.urd.md\n---\n# Hall\n");
      expect(loadWorldFile(join(folder, "main.urd.md")).files).toEqual([
        join(folder, "main.urd.md"),
        join(folder, "rooms.urd.md"),
        join(folder, "parts", "rooms.urd.md"),
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("keeps the entry file's text for world://source", () => {
    const loaded = loadWorldFile(fixturePath("locked-garden.urd.md"));
    expect(loaded.source.startsWith("---\nworld:\n  name: the-locked-garden\n")).toBe(true);
  });
});

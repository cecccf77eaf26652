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

  it("keeps the entry file's text for world://source", () => {
    const loaded = loadWorldFile(fixturePath("locked-garden.urd.md"));
    expect(loaded.source.startsWith("---\nworld:\n  name: the-locked-garden\n")).toBe(true);
  });
});

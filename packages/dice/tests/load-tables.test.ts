import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadTablesDirectory, TableLoadError } from "../src/index.js";

describe("loadTablesDirectory", () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), "dice-tables-"));
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  it("names tables by their name field, else by file name, and ignores other files", async () => {
    await writeFile(join(directory, "weather.json"), JSON.stringify({ entries: ["rain", "sun"] }));
    await writeFile(
      join(directory, "a.json"),
      JSON.stringify({ name: "loot", die: "d4", entries: [{ text: "gold", range: "1-4" }] }),
    );
    await writeFile(join(directory, "notes.txt"), "not a table");
    const tables = await loadTablesDirectory(directory);
    expect([...tables.keys()].sort()).toEqual(["loot", "weather"]);
    expect(tables.get("weather")?.sides).toBe(2);
    expect(tables.get("loot")?.entries).toEqual([{ text: "gold", low: 1, high: 4 }]);
  });

  it("names the file and the entries of an overlapping table", async () => {
    await writeFile(
      join(directory, "bad.json"),
      JSON.stringify({
        entries: [
          { text: "x", range: "1-3" },
          { text: "y", range: "2-4" },
        ],
      }),
    );
    const failure = loadTablesDirectory(directory);
    await expect(failure).rejects.toThrow(TableLoadError);
    await expect(failure).rejects.toThrow(
      /^bad\.json: table\.entries\[1\]\.range: .*overlaps entries\[0\]/,
    );
  });

  it("names a file that is not JSON", async () => {
    await writeFile(join(directory, "broken.json"), "{ entries: [");
    await expect(loadTablesDirectory(directory)).rejects.toThrow(/^broken\.json: /);
  });

  it("refuses two files that give the same name", async () => {
    await writeFile(join(directory, "one.json"), JSON.stringify({ name: "loot", entries: ["a"] }));
    await writeFile(join(directory, "two.json"), JSON.stringify({ name: "loot", entries: ["b"] }));
    await expect(loadTablesDirectory(directory)).rejects.toThrow(
      'two.json: table name "loot" is already used by one.json',
    );
  });

  it("refuses a directory that does not exist", async () => {
    await expect(loadTablesDirectory(join(directory, "missing"))).rejects.toThrow(
      /cannot read directory/,
    );
  });
});

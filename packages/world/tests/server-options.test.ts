import { describe, expect, it } from "vitest";
import { serverOptionsSchema } from "../src/index.js";

describe("serverOptionsSchema", () => {
  it("accepts a world path, with or without watching", () => {
    expect(serverOptionsSchema.parse({ worldPath: "w.urd.md" })).toEqual({ worldPath: "w.urd.md" });
    expect(serverOptionsSchema.parse({ worldPath: "w.urd.md", watch: true })).toEqual({
      worldPath: "w.urd.md",
      watch: true,
    });
  });

  it("refuses a missing or empty path, a non-boolean watch and unknown keys", () => {
    for (const options of [
      {},
      { worldPath: "" },
      { worldPath: 3 },
      { worldPath: "w.urd.md", watch: "yes" },
      { worldPath: "w.urd.md", store: {} },
      { worldPath: "w.urd.md", world_path: "x.urd.md" },
    ]) {
      expect(serverOptionsSchema.safeParse(options).success, JSON.stringify(options)).toBe(false);
    }
  });
});

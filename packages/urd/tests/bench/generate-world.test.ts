import { describe, expect, it } from "vitest";
import { generateWorld } from "../../bench/generate-world.mjs";
import { compile } from "../../src/index.js";

describe("the benchmark world generator", () => {
  const size = { locations: 40, entities: 12, sections: 30 };
  const result = compile(generateWorld(size), { fileName: "generated.urd.md" });

  it("writes a world that compiles without errors", () => {
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.world).not.toBeNull();
  });

  it("writes the requested numbers of locations, entities and sections", () => {
    expect(Object.keys(result.world?.locations ?? {})).toHaveLength(size.locations);
    expect(Object.keys(result.world?.entities ?? {})).toHaveLength(size.entities);
    expect(Object.keys(result.world?.dialogue ?? {})).toHaveLength(size.sections);
  });

  it("makes every location reachable from the start", () => {
    expect(result.diagnostics.filter((d) => d.code === "URD430")).toEqual([]);
  });

  it("writes the same text for the same options and different text for another seed", () => {
    expect(generateWorld(size)).toBe(generateWorld(size));
    expect(generateWorld({ ...size, seed: 8 })).not.toBe(generateWorld(size));
  });

  it("stays under the 1 MiB source limit at its default size", () => {
    expect(Buffer.byteLength(generateWorld())).toBeLessThan(1_048_576);
  });
});

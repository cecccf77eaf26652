import { describe, expect, it } from "vitest";
import { lines } from "../../helpers/fixtures.js";
import { parseText } from "../../helpers/parse.js";

describe("the entities block", () => {
  it("reads ids, type names and overrides in source order", () => {
    const { file } = parseText(
      lines(
        "---",
        "entities:",
        '  @warden: Character { role: "Gatekeeper", mood: neutral, trust: 3 } # comment',
        "  @key: Item { requires: @rusty_key, tags: [a, b] }",
        "  @gate: Lock",
        "---",
      ),
    );
    expect(
      file.frontmatter.entities.map((entity) => [entity.id, entity.typeName, entity.overrides]),
    ).toEqual([
      [
        "warden",
        "Character",
        [
          { key: "role", value: { kind: "string", value: "Gatekeeper" } },
          { key: "mood", value: { kind: "string", value: "neutral" } },
          { key: "trust", value: { kind: "integer", value: 3 } },
        ],
      ],
      [
        "key",
        "Item",
        [
          { key: "requires", value: { kind: "entity-ref", id: "rusty_key" } },
          {
            key: "tags",
            value: {
              kind: "list",
              items: [
                { kind: "string", value: "a" },
                { kind: "string", value: "b" },
              ],
            },
          },
        ],
      ],
      ["gate", "Lock", []],
    ]);
  });

  it("warns about lines starting with @ that do not parse and skips other lines", () => {
    const { diagnostics, file } = parseText(
      lines(
        "---",
        "entities:",
        "  @broken",
        "  @: Type",
        "  @x:",
        "  stray text",
        "  @ok: T",
        "---",
      ),
    );
    expect(diagnostics.items.map((d) => [d.code, d.severity, d.span.start_line])).toEqual([
      ["URD432", "warning", 3],
      ["URD432", "warning", 4],
      ["URD432", "warning", 5],
    ]);
    expect(diagnostics.items[0]?.message).toBe(
      "Line looks like an entity declaration but could not be parsed: '@broken'.",
    );
    expect(file.frontmatter.entities.map((entity) => entity.id)).toEqual(["ok"]);
  });
});

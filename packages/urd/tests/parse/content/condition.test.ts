import { describe, expect, it } from "vitest";
import { parseCondition } from "../../../src/parse/content/condition.js";

const span = { file: "f", start_line: 1, start_col: 1, end_line: 1, end_col: 1 };

describe("parseCondition", () => {
  it("reads comparisons, containment and exhaustion checks (docs/urd.md §5.1)", () => {
    expect(parseCondition("@warden.trust >= 3", span)).toMatchObject({
      kind: "comparison",
      subject: { kind: "entity", id: "warden" },
      property: "trust",
      operator: ">=",
      value: "3",
    });
    expect(parseCondition("@garden_gate.locked == false", span)).toMatchObject({
      operator: "==",
      value: "false",
    });
    expect(parseCondition("@journal in player", span)).toMatchObject({
      kind: "containment",
      entity: "journal",
      negated: false,
      container: "player",
    });
    expect(parseCondition("@key not in here", span)).toMatchObject({
      negated: true,
      container: "here",
    });
    expect(parseCondition("topics.exhausted", span)).toEqual({
      kind: "exhaustion",
      section: "topics",
      span,
    });
    expect(parseCondition('@elder_maren.secret == "revealed"', span)).toMatchObject({
      value: '"revealed"',
    });
  });

  it("searches operators in the order ==, !=, >=, <=, >, < rather than by position", () => {
    expect(parseCondition("@a.b > c == d", span)).toMatchObject({
      property: "b > c",
      operator: "==",
      value: "d",
    });
    expect(parseCondition("@a.b <= 2", span)).toMatchObject({ operator: "<=", value: "2" });
    expect(parseCondition("@a.b < 2", span)).toMatchObject({ operator: "<", value: "2" });
  });

  it("reads reserved subjects and refuses everything else", () => {
    expect(parseCondition("player.carrying == true", span)).toMatchObject({
      subject: { kind: "reserved", name: "player" },
    });
    expect(parseCondition("@a.b", span)).toBeNull();
    expect(parseCondition("@a. == 1", span)).toBeNull();
    expect(parseCondition("@rock weight", span)).toBeNull();
    expect(parseCondition("door.prize == goat", span)).toBeNull();
  });
});

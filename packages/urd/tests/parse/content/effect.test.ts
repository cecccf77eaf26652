import { describe, expect, it } from "vitest";
import { parseEffect } from "../../../src/parse/content/effect.js";

const span = { file: "f", start_line: 1, start_col: 1, end_line: 1, end_col: 1 };

describe("parseEffect", () => {
  it("reads sets with =, + and -, searched in that priority", () => {
    expect(parseEffect("@warden.trust + 1", span)).toMatchObject({
      kind: "set",
      target: "@warden.trust",
      access: { subject: { kind: "entity", id: "warden" }, property: "trust" },
      operator: "+",
      value: "1",
    });
    expect(parseEffect("@warden.mood = friendly", span)).toMatchObject({
      operator: "=",
      value: "friendly",
    });
    expect(parseEffect("@a.b - c = d", span)).toMatchObject({
      target: "@a.b - c",
      operator: "=",
      value: "d",
    });
  });

  it("reads move, reveal and destroy", () => {
    expect(parseEffect("move @coin -> @guard", span)).toMatchObject({
      kind: "move",
      entity: { kind: "entity", id: "coin" },
      destination: "guard",
    });
    expect(parseEffect("reveal @guard.secret", span)).toMatchObject({
      kind: "reveal",
      access: { property: "secret" },
    });
    expect(parseEffect("destroy @iron_key", span)).toMatchObject({
      kind: "destroy",
      entity: "iron_key",
    });
  });

  it("falls back to a set of the whole text with an empty value", () => {
    expect(parseEffect("something odd", span)).toMatchObject({
      kind: "set",
      target: "something odd",
      access: null,
      operator: "=",
      value: "",
    });
    expect(parseEffect("move target -> @merchant", span)).toMatchObject({
      kind: "set",
      access: null,
    });
  });

  it("accepts bound-variable targets only where they are bound", () => {
    expect(parseEffect("target.form = corporeal", span).kind === "set").toBe(true);
    expect(parseEffect("target.form = corporeal", span)).toMatchObject({ access: null });
    expect(parseEffect("target.form = corporeal", span, new Set(["target"]))).toMatchObject({
      access: { subject: { kind: "bound", name: "target" }, property: "form" },
    });
    expect(parseEffect("move target -> @merchant", span, new Set(["target"]))).toMatchObject({
      kind: "move",
      entity: { kind: "bound", name: "target" },
      destination: "merchant",
    });
  });
});

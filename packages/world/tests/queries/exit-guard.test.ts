import { describe, expect, it } from "vitest";
import { compileWorldText, evaluateGuard } from "../../src/index.js";

const SOURCE = `---
world:
  name: guards
  start: a
types:
  Door [interactable]:
    locked: bool = true
    level: integer = 2
    colour: enum(red, blue) = red
    label: string = "front door"
    note: string
entities:
  @door: Door { colour: "blue" }
---
# A

A room.
`;

const world = compileWorldText("guards.urd.md", SOURCE).compiled.world;
if (world === null) throw new Error("the guard test world must compile");

describe("evaluateGuard", () => {
  it("blocks a boolean guard at the type default and opens it under the given state", () => {
    expect(evaluateGuard(world, "door.locked == false", {})).toBe("blocked");
    expect(evaluateGuard(world, "door.locked == false", { "@door.locked": false })).toBe(
      "passable",
    );
    expect(evaluateGuard(world, "door.locked == false", { "door.locked": false })).toBe("passable");
  });

  it("uses the entity's override before the type default", () => {
    expect(evaluateGuard(world, "door.colour == blue", {})).toBe("passable");
    expect(evaluateGuard(world, "door.colour != blue", {})).toBe("blocked");
  });

  it("compares integers numerically", () => {
    expect(evaluateGuard(world, "door.level >= 3", {})).toBe("blocked");
    expect(evaluateGuard(world, "door.level >= 3", { "@door.level": 10 })).toBe("passable");
    expect(evaluateGuard(world, "door.level < 3", {})).toBe("passable");
  });

  it("compares quoted strings by their text", () => {
    expect(evaluateGuard(world, 'door.label == "front door"', {})).toBe("passable");
  });

  it("cannot judge containment, exhaustion, unknown entities or properties without a value", () => {
    expect(evaluateGuard(world, "door.container == player", {})).toBe("unevaluated");
    expect(evaluateGuard(world, "guards/talk.exhausted", {})).toBe("unevaluated");
    expect(evaluateGuard(world, "ghost.locked == false", {})).toBe("unevaluated");
    expect(evaluateGuard(world, "door.weight > 1", {})).toBe("unevaluated");
    expect(evaluateGuard(world, 'door.note == "x"', {})).toBe("unevaluated");
  });

  it("cannot judge an ordering on a value of the wrong type", () => {
    expect(evaluateGuard(world, "door.level > 1", { "@door.level": "high" })).toBe("unevaluated");
  });
});

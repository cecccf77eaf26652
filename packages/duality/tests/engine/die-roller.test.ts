import { createScriptedSource, createSeededSource } from "@tabletop-mcp/kit/random";
import { describe, expect, it } from "vitest";
import {
  createDieRoller,
  createRandomDieRoller,
  rollCheckedDie,
} from "../../src/engine/die-roller.js";
import { DualityError } from "../../src/engine/duality-error.js";

describe("rollCheckedDie", () => {
  it("passes a legal face through and asks for the right die", () => {
    const asked: number[] = [];
    expect(
      rollCheckedDie((sides) => {
        asked.push(sides);
        return sides;
      }, 12),
    ).toBe(12);
    expect(asked).toEqual([12]);
  });

  it.each([0, 7, 2.5, Number.NaN])("refuses %s from a d6 roller as an invalid die roll", (face) => {
    const call = () => rollCheckedDie(() => face, 6);
    expect(call).toThrow(DualityError);
    expect(call).toThrow(expect.objectContaining({ code: "INVALID_DIE_ROLL" }));
  });
});

describe("createDieRoller", () => {
  it("rolls 4d6 from the seed tabletop as 4, 1, 2, 6 and five d20 as 6, 19, 6, 10, 16", () => {
    const sixes = createDieRoller(createSeededSource("tabletop"));
    expect([sixes(6), sixes(6), sixes(6), sixes(6)]).toEqual([4, 1, 2, 6]);
    const twenties = createDieRoller(createSeededSource("tabletop"));
    expect([1, 2, 3, 4, 5].map(() => twenties(20))).toEqual([6, 19, 6, 10, 16]);
  });

  it("rolls each face from the word face - 1 of a scripted source", () => {
    const roll = createDieRoller(createScriptedSource([11, 0, 5]));
    expect([roll(12), roll(12), roll(6)]).toEqual([12, 1, 6]);
  });
});

describe("createRandomDieRoller", () => {
  it("replays the same dice for the same seed", () => {
    const faces = (roll: (sides: number) => number) => Array.from({ length: 20 }, () => roll(12));
    expect(faces(createRandomDieRoller("replay me"))).toEqual(
      faces(createRandomDieRoller("replay me")),
    );
  });

  it("without a seed shows every face of a d12 and nothing else over many rolls", () => {
    const roll = createRandomDieRoller();
    const seen = new Set<number>();
    for (let index = 0; index < 2000; index++) seen.add(roll(12));
    expect([...seen].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it.each(["", "x".repeat(257)])("refuses the seed %j as INVALID_SEED", (seed) => {
    expect(() => createRandomDieRoller(seed)).toThrow(
      expect.objectContaining({ code: "INVALID_SEED" }),
    );
  });
});

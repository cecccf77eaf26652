import { describe, expect, it } from "vitest";
import { type StatBlock, statBlockProblems } from "../../src/domain/adversaries.js";

/** An invented bruiser that holds every rule. */
const BLOCK: StatBlock = {
  name: "Bog Hulk",
  tier: 1,
  type: "BRUISER",
  difficulty: 13,
  thresholds: { major: 8, severe: 15 },
  hp_max: 7,
  stress_max: 3,
  attack: { modifier: 2, range: "MELEE", damage: "1d10+4", damage_type: "PHYSICAL" },
  experiences: [],
  features: [],
  minion_overflow: null,
  horde_damage: null,
};

const parameters = (block: StatBlock, prefix?: string) =>
  statBlockProblems(block, prefix).map((problem) => problem.parameter);

describe("statBlockProblems (docs/campaign.md §2.9)", () => {
  it("finds nothing wrong with a block that holds every rule, flat damage included", () => {
    expect(statBlockProblems(BLOCK)).toEqual([]);
    const minion: StatBlock = {
      ...BLOCK,
      type: "MINION",
      thresholds: null,
      minion_overflow: 3,
      attack: { ...BLOCK.attack, damage: "3" },
    };
    expect(statBlockProblems(minion)).toEqual([]);
    const horde: StatBlock = { ...BLOCK, type: "HORDE", horde_damage: "1d4+1" };
    expect(statBlockProblems(horde)).toEqual([]);
  });

  it("names each broken rule, all at once, under the block's prefix", () => {
    const broken: StatBlock = {
      ...BLOCK,
      type: "MINION",
      thresholds: { major: 15, severe: 15 },
      attack: { ...BLOCK.attack, damage: "0" },
      horde_damage: "2d6",
    };
    expect(parameters(broken, "document[4].")).toEqual([
      "document[4].thresholds",
      "document[4].thresholds.major",
      "document[4].minion_overflow",
      "document[4].horde_damage",
      "document[4].attack.damage",
    ]);
  });

  it("asks for thresholds of every type but MINION, and for horde_damage of a HORDE", () => {
    expect(parameters({ ...BLOCK, thresholds: null })).toEqual(["thresholds"]);
    expect(parameters({ ...BLOCK, type: "HORDE" })).toEqual(["horde_damage"]);
    expect(parameters({ ...BLOCK, minion_overflow: 2 })).toEqual(["minion_overflow"]);
  });

  it("checks damage with the dice server's notation, at the position it fails", () => {
    const [problem] = statBlockProblems({ ...BLOCK, attack: { ...BLOCK.attack, damage: "1d" } });
    expect(problem?.parameter).toBe("attack.damage");
    // "1d": the sides are missing after the d, the third position.
    expect(problem?.issue).toMatch(/^"1d" is not dice notation .*position 3/);
    expect(parameters({ ...BLOCK, attack: { ...BLOCK.attack, damage: "1000" } })).toEqual([
      "attack.damage",
    ]);
  });
});

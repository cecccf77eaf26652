import { describe, expect, it } from "vitest";
import { battlePoints } from "../../src/domain/encounters.js";

const one = (type: "LEADER" | "BRUISER" | "SOLO" | "SOCIAL" | "SUPPORT" | "HORDE" | "MINION") => ({
  adversary_id: `adv_${type.toLowerCase()}`,
  type,
});

describe("battlePoints (docs/campaign.md §2.10)", () => {
  it("budgets three per party member plus two, moved by difficulty and each adjustment once", () => {
    expect(battlePoints(4, "STANDARD", [], []).budget).toBe(14);
    expect(battlePoints(4, "EASIER", [], []).budget).toBe(13);
    expect(battlePoints(4, "HARDER", [], []).budget).toBe(16);
    const all = ["TWO_OR_MORE_SOLOS", "BOOSTED_DAMAGE", "LOWER_TIER_ADVERSARY", "NO_HEAVY_HITTERS"];
    // 14 - 2 - 2 + 1 + 1 = 12, whatever is repeated.
    expect(
      battlePoints(4, "STANDARD", [...all, ...all] as Parameters<typeof battlePoints>[2], [])
        .budget,
    ).toBe(12);
  });

  it("costs each type, and Minions by groups as large as the party, per stat block", () => {
    const fighters = [one("SOLO"), one("BRUISER"), one("LEADER"), one("HORDE"), one("SOCIAL")];
    // 5 + 4 + 3 + 2 + 1 = 15 against 3 × 3 + 2 = 11.
    expect(battlePoints(3, "STANDARD", [], fighters)).toEqual({
      budget: 11,
      spent: 15,
      left: -4,
      over: true,
    });
    const minions = (id: string, count: number) =>
      Array.from({ length: count }, () => ({ adversary_id: id, type: "MINION" as const }));
    // Party of three: four of one stat block are two groups, three of another one group.
    expect(
      battlePoints(3, "STANDARD", [], [...minions("adv_a", 4), ...minions("adv_b", 3)]).spent,
    ).toBe(3);
    expect(battlePoints(3, "STANDARD", [], minions("adv_a", 3)).spent).toBe(1);
  });
});

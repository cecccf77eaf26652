import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DamageInput, resolveDamage } from "../../src/engine/damage.js";

const thresholds = { major_threshold: 8, severe_threshold: 15 };

describe("resolveDamage", () => {
  it.each([
    { damage: 7, flags: {}, severity: "MINOR", hp: 1 },
    { damage: 8, flags: {}, severity: "MAJOR", hp: 2 },
    { damage: 15, flags: {}, severity: "SEVERE", hp: 3 },
    { damage: 30, flags: {}, severity: "SEVERE", hp: 3 },
    { damage: 30, flags: { massive_damage: true }, severity: "MASSIVE", hp: 4 },
    { damage: -5, flags: {}, severity: "NONE", hp: 0 },
  ])("marks $hp HP ($severity) for $damage against 8/15 with $flags", (row) => {
    const result = resolveDamage({ ...thresholds, damage: row.damage, ...row.flags });
    expect(result).toEqual({
      damage: row.damage,
      final_damage: row.damage,
      severity: row.severity,
      hp_before_armor: row.hp,
      armor_slot_marked: false,
      hp_marked: row.hp,
    });
  });

  it("lets an Armor Slot take one HP off severe damage", () => {
    expect(resolveDamage({ ...thresholds, damage: 15, mark_armor_slot: true })).toEqual({
      damage: 15,
      final_damage: 15,
      severity: "SEVERE",
      hp_before_armor: 3,
      armor_slot_marked: true,
      hp_marked: 2,
    });
  });

  it("lets an Armor Slot cancel minor damage entirely", () => {
    const result = resolveDamage({ ...thresholds, damage: 7, mark_armor_slot: true });
    expect(result.armor_slot_marked).toBe(true);
    expect(result.hp_marked).toBe(0);
  });

  it("spends no Armor Slot when no damage gets through", () => {
    const result = resolveDamage({ ...thresholds, damage: 0, mark_armor_slot: true });
    expect(result).toEqual({
      damage: 0,
      final_damage: 0,
      severity: "NONE",
      hp_before_armor: 0,
      armor_slot_marked: false,
      hp_marked: 0,
    });
  });

  it("halves resisted damage, rounding up, before the thresholds", () => {
    const result = resolveDamage({ ...thresholds, damage: 15, resistant: true });
    expect(result.final_damage).toBe(8);
    expect(result.severity).toBe("MAJOR");
    expect(result.hp_marked).toBe(2);
  });

  it("refuses the Armor Slot against direct damage", () => {
    const result = resolveDamage({
      ...thresholds,
      damage: 15,
      direct: true,
      mark_armor_slot: true,
    });
    expect(result.armor_slot_marked).toBe(false);
    expect(result.hp_marked).toBe(3);
  });

  it("zeroes damage the character is immune to", () => {
    expect(resolveDamage({ ...thresholds, damage: 20, immune: true })).toEqual({
      damage: 20,
      final_damage: 0,
      severity: "NONE",
      hp_before_armor: 0,
      armor_slot_marked: false,
      hp_marked: 0,
    });
  });

  it("reports a resisted -1 as 0, not as negative zero", () => {
    expect(
      Object.is(resolveDamage({ ...thresholds, damage: -1, resistant: true }).final_damage, 0),
    ).toBe(true);
  });

  it("agrees with a plain restatement of the procedure for any input", () => {
    const input = fc
      .record({
        damage: fc.integer({ min: -1000, max: 10000 }),
        major_threshold: fc.integer({ min: 0, max: 1000 }),
        gap: fc.integer({ min: 0, max: 1000 }),
        immune: fc.boolean(),
        resistant: fc.boolean(),
        massive_damage: fc.boolean(),
        mark_armor_slot: fc.boolean(),
        direct: fc.boolean(),
      })
      .map(
        ({ gap, ...rest }): DamageInput => ({
          ...rest,
          severe_threshold: rest.major_threshold + gap,
        }),
      );
    fc.assert(
      fc.property(input, (damageInput) => {
        let finalDamage = damageInput.damage;
        if (damageInput.resistant) finalDamage = Math.floor((finalDamage + 1) / 2);
        if (damageInput.immune) finalDamage = 0;
        let hp = 0;
        if (finalDamage > 0) hp = 1;
        if (finalDamage > 0 && finalDamage >= damageInput.major_threshold) hp = 2;
        if (finalDamage > 0 && finalDamage >= damageInput.severe_threshold) hp = 3;
        if (
          finalDamage > 0 &&
          damageInput.massive_damage &&
          finalDamage >= 2 * damageInput.severe_threshold
        ) {
          hp = 4;
        }
        const slot = Boolean(damageInput.mark_armor_slot) && !damageInput.direct && hp > 0;
        const result = resolveDamage(damageInput);
        expect(result.final_damage).toBe(finalDamage);
        expect(result.hp_before_armor).toBe(hp);
        expect(result.severity).toBe(["NONE", "MINOR", "MAJOR", "SEVERE", "MASSIVE"][hp]);
        expect(result.armor_slot_marked).toBe(slot);
        expect(result.hp_marked).toBe(slot ? hp - 1 : hp);
      }),
    );
  });

  it("refuses a severe threshold below the major one with the wording of docs/duality.md §5.3", () => {
    expect(() => resolveDamage({ damage: 5, major_threshold: 10, severe_threshold: 5 })).toThrow(
      expect.objectContaining({
        code: "CONFLICTING_PARAMETERS",
        parameter: "severe_threshold",
        message: "severe_threshold must be >= major_threshold",
      }),
    );
  });

  it("refuses fractional damage and negative thresholds", () => {
    expect(() => resolveDamage({ ...thresholds, damage: 1.5 })).toThrow(
      expect.objectContaining({ code: "NOT_AN_INTEGER", parameter: "damage" }),
    );
    expect(() => resolveDamage({ damage: 1, major_threshold: -1, severe_threshold: 5 })).toThrow(
      expect.objectContaining({ code: "OUT_OF_RANGE", parameter: "major_threshold" }),
    );
  });
});

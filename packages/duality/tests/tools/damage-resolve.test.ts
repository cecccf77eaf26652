import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Connection, callOk, connectInMemory } from "../harness.js";

const THRESHOLDS = { major_threshold: 8, severe_threshold: 15 };

describe("duality_damage_resolve", () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectInMemory();
  });
  afterAll(() => connection.close());

  // docs/duality.md §5.3's examples with thresholds 8/15.
  it.each([
    [{ damage: 7 }, 7, "MINOR", 1, false, 1],
    [{ damage: 8 }, 8, "MAJOR", 2, false, 2],
    [{ damage: 15 }, 15, "SEVERE", 3, false, 3],
    [{ damage: 30 }, 30, "SEVERE", 3, false, 3],
    [{ damage: 30, massive_damage: true }, 30, "MASSIVE", 4, false, 4],
    [{ damage: 15, mark_armor_slot: true }, 15, "SEVERE", 3, true, 2],
    [{ damage: 7, mark_armor_slot: true }, 7, "MINOR", 1, true, 0],
    [{ damage: 0, mark_armor_slot: true }, 0, "NONE", 0, false, 0],
    [{ damage: 15, resistant: true }, 8, "MAJOR", 2, false, 2],
    [{ damage: 15, direct: true, mark_armor_slot: true }, 15, "SEVERE", 3, false, 3],
    [{ damage: 20, immune: true }, 0, "NONE", 0, false, 0],
    [{ damage: -5 }, -5, "NONE", 0, false, 0],
  ] as const)("resolves %j", async (args, finalDamage, severity, hpBefore, slot, hpMarked) => {
    expect(
      await callOk(connection.client, "duality_damage_resolve", { ...THRESHOLDS, ...args }),
    ).toEqual({
      damage: args.damage,
      final_damage: finalDamage,
      severity,
      hp_before_armor: hpBefore,
      armor_slot_marked: slot,
      hp_marked: hpMarked,
    });
  });

  it("accepts equal major and severe thresholds", async () => {
    const result = await callOk(connection.client, "duality_damage_resolve", {
      damage: 10,
      major_threshold: 10,
      severe_threshold: 10,
    });
    expect(result.severity).toBe("SEVERE");
  });
});

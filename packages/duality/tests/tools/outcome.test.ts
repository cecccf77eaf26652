import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { D12_FACES, referenceRoll } from "../engine/reference-rules.js";
import { type Connection, call, callOk, connectInMemory } from "../harness.js";

describe("duality_outcome", () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectInMemory();
  });
  afterAll(() => connection.close());

  it("returns the example of docs/duality.md §3.3 for 8 and 5, modifier 2, difficulty 15", async () => {
    expect(
      await callOk(connection.client, "duality_outcome", {
        hope: 8,
        fear: 5,
        modifier: 2,
        difficulty: 15,
      }),
    ).toEqual({
      hope: 8,
      fear: 5,
      modifier: 2,
      difficulty: 15,
      total: 15,
      is_crit: false,
      meets_difficulty: true,
      outcome: "SUCCESS_WITH_HOPE",
    });
  });

  it("adds an advantage die and echoes it (docs/duality.md §5.1)", async () => {
    const args = { hope: 5, fear: 7, modifier: 1, difficulty: 15, advantage_die: 3 };
    expect(await callOk(connection.client, "duality_outcome", args)).toEqual({
      ...args,
      total: 16,
      is_crit: false,
      meets_difficulty: true,
      outcome: "SUCCESS_WITH_FEAR",
    });
  });

  it("subtracts a disadvantage die and echoes it (docs/duality.md §5.1)", async () => {
    const args = { hope: 5, fear: 7, modifier: 1, difficulty: 15, disadvantage_die: 3 };
    expect(await callOk(connection.client, "duality_outcome", args)).toEqual({
      ...args,
      total: 10,
      is_crit: false,
      meets_difficulty: false,
      outcome: "FAILURE_WITH_FEAR",
    });
  });

  it("defaults the modifier to 0 and treats a null difficulty as none", async () => {
    const result = await callOk(connection.client, "duality_outcome", {
      hope: 3,
      fear: 11,
      difficulty: null,
    });
    expect(result).toEqual({
      hope: 3,
      fear: 11,
      modifier: 0,
      total: 14,
      is_crit: false,
      meets_difficulty: false,
      outcome: "ROLL_WITH_FEAR",
    });
  });

  it("makes a crit a success even when the total misses the difficulty", async () => {
    const result = await callOk(connection.client, "duality_outcome", {
      hope: 1,
      fear: 1,
      difficulty: 30,
    });
    expect(result).toMatchObject({ total: 2, is_crit: true, meets_difficulty: true });
    expect(result.outcome).toBe("CRITICAL_SUCCESS");
  });

  it("agrees with an independent reference for all 144 pairs at several modifiers and difficulties", async () => {
    const settings: Array<[number, number | null]> = [
      [0, null],
      [-5, 10],
      [2, 15],
      [10, 30],
      [0, 0],
    ];
    for (const [modifier, difficulty] of settings) {
      for (const hope of D12_FACES) {
        for (const fear of D12_FACES) {
          const args = { hope, fear, modifier, ...(difficulty === null ? {} : { difficulty }) };
          const result = await callOk(connection.client, "duality_outcome", args);
          const reference = referenceRoll(hope, fear, modifier, difficulty, 0);
          expect(result).toMatchObject({
            total: reference.total,
            is_crit: reference.isCrit,
            meets_difficulty: reference.meets,
            outcome: reference.outcome,
          });
        }
      }
    }
  });

  it("accepts 2.0 as the integer 2", async () => {
    const result = await call(connection.client, "duality_outcome", { hope: 2.0, fear: 5 });
    expect(result.isError).toBeFalsy();
  });
});

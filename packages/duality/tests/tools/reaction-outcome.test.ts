import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Connection, callOk, connectInMemory } from "../harness.js";

describe("duality_reaction_outcome", () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectInMemory();
  });
  afterAll(() => connection.close());

  it.each([
    [
      { hope: 6, fear: 9, modifier: 1, difficulty: 12 },
      { total: 16, is_crit: false, success: true, outcome: "SUCCESS" },
    ],
    [
      { hope: 5, fear: 5, difficulty: 30 },
      { total: 10, is_crit: true, success: true, outcome: "CRITICAL_SUCCESS" },
    ],
    [
      { hope: 2, fear: 3, difficulty: 10 },
      { total: 5, is_crit: false, success: false, outcome: "FAILURE" },
    ],
  ])("classifies docs/duality.md §5.2's example %j", async (args, expected) => {
    expect(await callOk(connection.client, "duality_reaction_outcome", args)).toEqual({
      modifier: 0,
      ...args,
      ...expected,
    });
  });

  it("meets the difficulty exactly with an advantage die", async () => {
    expect(
      await callOk(connection.client, "duality_reaction_outcome", {
        hope: 4,
        fear: 7,
        difficulty: 13,
        advantage_die: 2,
      }),
    ).toEqual({
      hope: 4,
      fear: 7,
      modifier: 0,
      difficulty: 13,
      advantage_die: 2,
      total: 13,
      is_crit: false,
      success: true,
      outcome: "SUCCESS",
    });
  });
});

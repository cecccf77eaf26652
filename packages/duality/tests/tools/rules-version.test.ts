import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Connection, call, callOk, connectInMemory } from "../harness.js";
import { expectInvalidParameters } from "../invalid-cases.js";

describe("duality_rules_version", () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectInMemory();
  });
  afterAll(() => connection.close());

  it("returns exactly seed 000's metadata", async () => {
    expect(await callOk(connection.client, "duality_rules_version", {})).toEqual({
      system: "Daggerheart",
      module: "Duality",
      rules_version: "1.0.0",
      dice_model: "DUALITY_D12_V1",
      total_formula: "hope + fear + modifier",
      crit_rule: "HOPE_EQUALS_FEAR_IS_CRITICAL",
      difficulty_rule: "TOTAL_MEETS_OR_EXCEEDS_DIFFICULTY",
      outcomes: [
        "ROLL_WITH_HOPE",
        "ROLL_WITH_FEAR",
        "SUCCESS_WITH_HOPE",
        "SUCCESS_WITH_FEAR",
        "FAILURE_WITH_HOPE",
        "FAILURE_WITH_FEAR",
        "CRITICAL_SUCCESS",
      ],
    });
  });

  it("takes no parameters", async () => {
    const result = await call(connection.client, "duality_rules_version", { verbose: true });
    expectInvalidParameters(result, [
      { parameter: "verbose", issue: "Unknown parameter; this tool takes no parameters" },
    ]);
  });
});

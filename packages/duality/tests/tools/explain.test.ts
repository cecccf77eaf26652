import type { TextContent } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { D12_FACES } from "../engine/reference-rules.js";
import { type Connection, call, callOk, connectInMemory } from "../harness.js";
import { EXPLAIN_FULL_EXAMPLE } from "../spec-examples.js";

describe("duality_explain", () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectInMemory();
  });
  afterAll(() => connection.close());

  it("returns docs/duality.md §3.4's full example, request_id not echoed", async () => {
    const result = await callOk(connection.client, "duality_explain", {
      hope: 8,
      fear: 5,
      modifier: 2,
      difficulty: 15,
      request_id: "req_123",
    });
    expect(result).toEqual(EXPLAIN_FULL_EXAMPLE);
  });

  it("explains a roll without difficulty as docs/duality.md §3.4's second example", async () => {
    const result = await callOk(connection.client, "duality_explain", {
      hope: 3,
      fear: 11,
      modifier: 1,
    });
    expect("difficulty" in result).toBe(false);
    expect(result).toMatchObject({ total: 15, meets_difficulty: false, outcome: "ROLL_WITH_FEAR" });
    expect(result.intermediates).toEqual({
      base_total: 14,
      total: 15,
      is_crit: false,
      meets_difficulty: false,
      hope_gt_fear: false,
      fear_gt_hope: true,
    });
    const steps = result.steps as Array<{ code: string; data: unknown }>;
    expect(steps.map((step) => step.code)).toEqual([
      "SUM_DICE",
      "APPLY_MODIFIER",
      "CHECK_CRIT",
      "CHECK_DIFFICULTY",
      "SELECT_OUTCOME",
    ]);
    expect(steps[3]?.data).toEqual({ total: 15, difficulty: null, meets_difficulty: false });
  });

  it("shows the advantage die in APPLY_MODIFIER, already inside its total", async () => {
    const result = await callOk(connection.client, "duality_explain", {
      hope: 5,
      fear: 7,
      modifier: 1,
      difficulty: 15,
      advantage_die: 3,
    });
    const steps = result.steps as Array<{ data: unknown }>;
    expect(steps[1]?.data).toEqual({ base_total: 12, modifier: 1, advantage_die: 3, total: 16 });
  });

  it("gives byte-equal JSON for equal inputs, whatever the request_id", async () => {
    const texts = new Set<string>();
    for (const requestId of [undefined, "a", "req_123"]) {
      const result = await call(connection.client, "duality_explain", {
        hope: 4,
        fear: 4,
        modifier: -3,
        difficulty: 20,
        ...(requestId === undefined ? {} : { request_id: requestId }),
      });
      texts.add((result.content[0] as TextContent).text);
    }
    expect(texts.size).toBe(1);
  });

  it("agrees with duality_outcome on every shared key for all 144 pairs", async () => {
    for (const hope of D12_FACES) {
      for (const fear of D12_FACES) {
        const args = { hope, fear, modifier: 1, difficulty: 14, disadvantage_die: 2 };
        const outcome = await callOk(connection.client, "duality_outcome", args);
        const explained = await callOk(connection.client, "duality_explain", args);
        expect(explained).toMatchObject(outcome);
      }
    }
  });
});

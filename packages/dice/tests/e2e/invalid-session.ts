import type { Client } from "@modelcontextprotocol/client";
import { expect } from "vitest";
import { call, callOk } from "../harness.js";
import { expectInvalidParameters, INVALID_CASES } from "../invalid-cases.js";

/**
 * Sends every invalid request of docs/dice.md through a real client, checking each answer, then
 * checks that the server still rolls.
 */
export async function expectInvalidCasesRefusedAndServerAlive(client: Client): Promise<void> {
  for (const entry of INVALID_CASES) {
    expectInvalidParameters(
      await call(client, entry.tool, entry.args),
      entry.details,
      entry.unordered,
    );
  }
  const after = await callOk(client, "roll_dice", { dice_count: 2, dice_sides: 1, modifier: 3 });
  expect(after.result).toMatchObject({ total: 5 });
}

import type { Client } from "@modelcontextprotocol/client";
import { expect } from "vitest";
import { call, callOk } from "../harness.js";
import { expectInvalidParameters, INVALID_CASES } from "../invalid-cases.js";

/**
 * Sends every invalid case of docs/duality.md §6 through a real client, checking each answer, then
 * checks that the server still answers a valid call.
 */
export async function expectInvalidCasesRefusedAndServerAlive(client: Client): Promise<void> {
  for (const entry of INVALID_CASES) {
    expectInvalidParameters(await call(client, entry.tool, entry.args), entry.details);
  }
  const after = await callOk(client, "duality_outcome", { hope: 8, fear: 5, difficulty: 15 });
  expect(after.outcome).toBe("FAILURE_WITH_HOPE");
}

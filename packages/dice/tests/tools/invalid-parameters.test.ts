import { afterAll, beforeAll, describe, it } from "vitest";
import { type Connection, call, connectInMemory } from "../harness.js";
import { expectInvalidParameters, INVALID_CASES } from "../invalid-cases.js";

describe("invalid requests through the in-memory transport", () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectInMemory({ seed: "invalid" });
  });
  afterAll(() => connection.close());

  it.each(INVALID_CASES.map((entry) => [entry.name, entry] as const))(
    "refuses %s in the invalid-parameters shape",
    async (_name, entry) => {
      const result = await call(connection.client, entry.tool, entry.args);
      expectInvalidParameters(result, entry.details, entry.unordered);
    },
  );
});

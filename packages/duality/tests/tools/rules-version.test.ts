import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Connection, call, callOk, connectInMemory } from "../harness.js";
import { expectInvalidParameters } from "../invalid-cases.js";
import { RULES_VERSION_EXAMPLE } from "../spec-examples.js";

describe("duality_rules_version", () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectInMemory();
  });
  afterAll(() => connection.close());

  it("returns exactly the metadata of docs/duality.md §3.1", async () => {
    expect(await callOk(connection.client, "duality_rules_version", {})).toEqual(
      RULES_VERSION_EXAMPLE,
    );
  });

  it("takes no parameters", async () => {
    const result = await call(connection.client, "duality_rules_version", { verbose: true });
    expectInvalidParameters(result, [
      { parameter: "verbose", issue: "Unknown parameter; this tool takes no parameters" },
    ]);
  });
});

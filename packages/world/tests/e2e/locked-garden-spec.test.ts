import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturePath } from "../helpers/fixtures.js";
import { type Connection, callTool, connectStdio } from "../helpers/harness.js";
import { LOCKED_GARDEN_SPEC } from "../helpers/locked-garden-spec.js";

describe("the Locked Garden over stdio, exactly as docs/world.md, Appendix A", () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectStdio([fixturePath("locked-garden.urd.md")]);
  });
  afterAll(() => connection.close());

  it.each(LOCKED_GARDEN_SPEC.map((call) => [`${call.tool} ${JSON.stringify(call.args)}`, call]))(
    "%s",
    async (_name, call) => {
      const answer = await callTool(connection.client, call.tool, call.args);
      expect(answer.payload).toEqual(call.payload);
      expect(answer.isError).toBe(call.isError);
    },
  );

  it("covers every call Appendix A lists", () => {
    expect(LOCKED_GARDEN_SPEC).toHaveLength(18);
  });
});

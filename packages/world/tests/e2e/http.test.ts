import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturePath } from "../helpers/fixtures.js";
import { callTool, connectHttp, type HttpProcess, startHttpProcess } from "../helpers/harness.js";

describe("tabletop-world over HTTP", () => {
  let server: HttpProcess;
  beforeAll(async () => {
    server = await startHttpProcess([fixturePath("locked-garden.urd.md")]);
  });
  afterAll(() => server.stop());

  it("serves health at the printed URL", async () => {
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", name: "tabletop-world" });
  });

  it("answers the same world in two sessions", async () => {
    for (let session = 0; session < 2; session++) {
      const connection = await connectHttp(server.url);
      const reachable = await callTool(connection.client, "get_reachable_locations", {
        from: "gatehouse",
        respect_conditions: true,
        state: { "@garden_gate.locked": false },
      });
      const missing = await callTool(connection.client, "get_choice_conditions", {
        section: "locked-garden/nothing",
      });
      await connection.close();
      expect(reachable.payload).toMatchObject({
        reachable: ["gatehouse", "the-walled-garden"],
        respect_conditions: true,
        blocked_exits: [],
      });
      expect(missing).toEqual({
        isError: true,
        payload: {
          schema_version: "1",
          error: "Section not found",
          section: "locked-garden/nothing",
        },
      });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callOk, connectHttp, type HttpProcess, startHttpProcess } from "../harness.js";
import { expectInvalidCasesRefusedAndServerAlive } from "./invalid-session.js";

describe("tabletop-duality over HTTP", () => {
  let server: HttpProcess;
  beforeAll(async () => {
    server = await startHttpProcess(["--seed", "replay-me"]);
  });
  afterAll(() => server.stop());

  it("serves health and the eight tools at the printed URL", async () => {
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", name: "tabletop-duality" });
    const connection = await connectHttp(server.url);
    const { tools } = await connection.client.listTools();
    await connection.close();
    expect(tools.map((tool) => tool.name)).toEqual([
      "duality_rules_version",
      "duality_action_roll",
      "duality_outcome",
      "duality_explain",
      "duality_probability",
      "duality_reaction_roll",
      "duality_reaction_outcome",
      "duality_damage_resolve",
    ]);
  });

  it("replays the seeded dice in every new session", async () => {
    const sessions = [];
    for (let session = 0; session < 2; session++) {
      const connection = await connectHttp(server.url);
      sessions.push([
        await callOk(connection.client, "duality_action_roll", { difficulty: 12 }),
        await callOk(connection.client, "duality_reaction_roll", { difficulty: 12, advantage: 1 }),
      ]);
      await connection.close();
    }
    expect(sessions[1]).toEqual(sessions[0]);
  });

  it("answers every invalid case of docs/duality.md §6 in the invalid-parameters shape and keeps answering", async () => {
    const connection = await connectHttp(server.url);
    await connection.client.listTools();
    await expectInvalidCasesRefusedAndServerAlive(connection.client);
    await connection.close();
  });
});

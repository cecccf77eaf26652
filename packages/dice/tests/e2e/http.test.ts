import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callOk, connectHttp, type HttpProcess, startHttpProcess } from "../harness.js";
import { expectInvalidCasesRefusedAndServerAlive } from "./invalid-session.js";

describe("tabletop-dice over HTTP", () => {
  let server: HttpProcess;
  beforeAll(async () => {
    server = await startHttpProcess(["--seed", "tabletop", "--rate-limit-ms", "0"]);
  });
  afterAll(() => server.stop());

  it("serves health and the five tools at the printed URL", async () => {
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", name: "tabletop-dice" });
    const connection = await connectHttp(server.url);
    const { tools } = await connection.client.listTools();
    await connection.close();
    expect(tools).toHaveLength(5);
  });

  it("answers every invalid request of docs/dice.md in the invalid-parameters shape and keeps answering", async () => {
    const connection = await connectHttp(server.url);
    await expectInvalidCasesRefusedAndServerAlive(connection.client);
    await connection.close();
  });

  it("starts every session's seeded dice afresh: five d20s show 6, 19, 6, 10, 16 each time", async () => {
    for (let session = 0; session < 2; session++) {
      const connection = await connectHttp(server.url);
      const totals = [];
      for (let roll = 0; roll < 5; roll++) {
        const body = await callOk(connection.client, "roll_dice", {
          dice_count: 1,
          dice_sides: 20,
        });
        totals.push((body.result as { total: number }).total);
      }
      await connection.close();
      expect(totals).toEqual([6, 19, 6, 10, 16]);
    }
  });

  it("rolls a seeded process's 2026-07-28 calls from one generator: the same five d20s, in order", async () => {
    // The server above has served 2025 sessions only: its modern generator has not rolled yet.
    const totals = [];
    for (let client = 0; client < 5; client++) {
      // Each call from its own connection, as stateless as the era is.
      const connection = await connectHttp(server.url, {}, "modern");
      const body = await callOk(connection.client, "roll_dice", { dice_count: 1, dice_sides: 20 });
      totals.push((body.result as { total: number }).total);
      await connection.close();
    }
    expect(totals).toEqual([6, 19, 6, 10, 16]);
  });
});

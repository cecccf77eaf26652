import { describe, expect, it } from "vitest";
import { callOk, connectStdio } from "../harness.js";
import { expectInvalidCasesRefusedAndServerAlive } from "./invalid-session.js";

describe("tabletop-dice over stdio", () => {
  it("lists the five tools", async () => {
    const connection = await connectStdio(["--rate-limit-ms", "0"]);
    const { tools } = await connection.client.listTools();
    await connection.close();
    expect(tools.map((tool) => tool.name)).toEqual([
      "roll_dice",
      "roll_multiple",
      "roll",
      "dice_probability",
      "roll_table",
    ]);
  });

  it("answers every invalid request of docs/dice.md in the invalid-parameters shape and keeps answering", async () => {
    const connection = await connectStdio(["--rate-limit-ms", "0"]);
    await expectInvalidCasesRefusedAndServerAlive(connection.client);
    await connection.close();
  });

  it("replays seeded rolls identically in two fresh processes", async () => {
    const runs = [];
    for (let run = 0; run < 2; run++) {
      const connection = await connectStdio(["--seed", "tabletop", "--rate-limit-ms", "0"]);
      runs.push([
        await callOk(connection.client, "roll_dice", { dice_count: 4, dice_sides: 6 }),
        await callOk(connection.client, "roll_multiple", {
          rolls: [{ dice_count: 4, dice_sides: 6, keep_highest: 3 }],
          count: 6,
        }),
        await callOk(connection.client, "roll", { notation: "3d6!r1" }),
      ]);
      await connection.close();
    }
    const results = runs.map((run) =>
      run.map((body) => (body as { result?: unknown; results?: unknown }).result ?? body.results),
    );
    expect(results[1]).toEqual(results[0]);
    // docs/dice.md §7: the seed tabletop shows 4, 1, 2, 6 on its first 4d6.
    expect(runs[0]?.[0]?.result).toMatchObject({
      total: 13,
      dice: [{ rolls: [4] }, { rolls: [1] }, { rolls: [2] }, { rolls: [6] }],
    });
  });

  it("takes the seed from DICE_SEED", async () => {
    const connection = await connectStdio(["--rate-limit-ms", "0"], { DICE_SEED: "tabletop" });
    const body = await callOk(connection.client, "roll_multiple", {
      rolls: [{ dice_count: 1, dice_sides: 20 }],
      count: 5,
    });
    await connection.close();
    const totals = (body.results as { total: number }[]).map((item) => item.total);
    expect(totals).toEqual([6, 19, 6, 10, 16]);
  });
});

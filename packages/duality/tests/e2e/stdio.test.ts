import { describe, expect, it } from "vitest";
import { callOk, connectStdio } from "../harness.js";
import { expectInvalidCasesRefusedAndServerAlive } from "./invalid-session.js";

describe("tabletop-duality over stdio", () => {
  it("lists the eight tools", async () => {
    const connection = await connectStdio();
    const { tools } = await connection.client.listTools();
    await connection.close();
    expect(tools).toHaveLength(8);
    expect(tools.map((tool) => tool.name)).toContain("duality_damage_resolve");
  });

  it("replays a seeded action roll identically in two fresh processes", async () => {
    const rolls = [];
    for (let run = 0; run < 2; run++) {
      const connection = await connectStdio(["--seed", "tabletop"]);
      await connection.client.listTools();
      const sequence = [];
      for (const args of [{ difficulty: 15, advantage: 1 }, { modifier: 3 }, { disadvantage: 2 }]) {
        sequence.push(await callOk(connection.client, "duality_action_roll", args));
      }
      await connection.close();
      rolls.push(sequence);
    }
    expect(rolls[1]).toEqual(rolls[0]);
    // docs/dice.md §7's first three words for "tabletop", each below the rejection limit.
    expect(rolls[0]?.[0]).toMatchObject({
      hope: (3899502165 % 12) + 1,
      fear: (2334157818 % 12) + 1,
      advantage_die: (2105672425 % 6) + 1,
    });
  });

  it("answers every invalid case of docs/duality.md §6 in the invalid-parameters shape and keeps answering", async () => {
    const connection = await connectStdio();
    await connection.client.listTools();
    await expectInvalidCasesRefusedAndServerAlive(connection.client);
    await connection.close();
  });
});

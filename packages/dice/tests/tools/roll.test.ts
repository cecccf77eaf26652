import { describe, expect, it } from "vitest";
import { createScriptedSource } from "../../src/index.js";
import { callOk, connectInMemory, wordsForFaces } from "../harness.js";

interface NotationBody {
  result: {
    total: number;
    successes?: number;
    operation: string;
    description: string;
    notation: string;
    label?: string;
    dice: { rolls: number[]; kept: boolean }[];
  };
  metadata: { parameters: unknown; interpreted_as: unknown; rng: string };
}

async function rollNotation(args: Record<string, unknown>, faces: number[]): Promise<NotationBody> {
  const connection = await connectInMemory({
    random: createScriptedSource(wordsForFaces(...faces)),
  });
  const body = await callOk(connection.client, "roll", args);
  await connection.close();
  return body as unknown as NotationBody;
}

describe("roll", () => {
  it("rolls 4d6kh3 under the seed tabletop as faces 4, 1, 2, 6, dropping the 1", async () => {
    const connection = await connectInMemory({ seed: "tabletop" });
    const body = (await callOk(connection.client, "roll", {
      notation: "4d6kh3",
    })) as unknown as NotationBody;
    await connection.close();
    expect(body.result.dice.map((die) => [die.rolls[0], die.kept])).toEqual([
      [4, true],
      [1, false],
      [2, true],
      [6, true],
    ]);
    expect(body.result.total).toBe(12);
    expect(body.result.notation).toBe("4d6kh3");
    expect(body.metadata.parameters).toEqual({ notation: "4d6kh3" });
    expect(body.metadata.interpreted_as).toEqual({ dice_count: 4, dice_sides: 6, keep_highest: 3 });
  });

  it("reads upper case and spaces, reporting canonical operation and the trimmed notation", async () => {
    const body = await rollNotation({ notation: "  4D6 kh 3 ", label: "strength" }, [5, 3, 6, 2]);
    expect(body.result).toMatchObject({
      total: 14,
      operation: "4d6kh3",
      description: "Rolled 4d6, keeping highest 3",
      label: "strength",
      notation: "4D6 kh 3",
    });
  });

  it("reads d% as one d100 (a Call of Cthulhu skill check)", async () => {
    const body = await rollNotation({ notation: "d%" }, [42]);
    expect(body.result).toMatchObject({ total: 42, operation: "1d100" });
    expect(body.metadata.interpreted_as).toEqual({ dice_count: 1, dice_sides: 100 });
  });

  it("counts successes for 5d10>=8 and adds the modifiers of +2-1", async () => {
    const body = await rollNotation({ notation: "5d10>=8+2-1" }, [8, 3, 9, 1, 10]);
    expect(body.result).toMatchObject({ successes: 3, total: 4, operation: "5d10>=8+1" });
  });

  it("keeps the higher d20 for advantage written 2d20kh1+5", async () => {
    const body = await rollNotation({ notation: "2d20kh1+5" }, [7, 15]);
    expect(body.result.total).toBe(20);
    expect(body.result.dice.map((die) => die.kept)).toEqual([false, true]);
  });
});

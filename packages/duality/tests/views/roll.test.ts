import { fileURLToPath } from "node:url";
import { describeInBrowser, openToolView, screenshotThemes } from "@tabletop-mcp/views/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Connection, connectStdio } from "../harness.js";

const PICTURES = fileURLToPath(new URL("../../test-results/views", import.meta.url));

interface ActionResult {
  hope: number;
  fear: number;
  modifier: number;
  difficulty?: number;
  total: number;
}

/** The outcome words, worked out from the dice by the rules (crit first, then Hope or Fear). */
function expectedWords(roll: ActionResult): string {
  if (roll.hope === roll.fear) return "Critical success";
  const side = roll.hope > roll.fear ? "with Hope" : "with Fear";
  if (roll.difficulty === undefined) return `Rolled ${side}`;
  return `${roll.total >= roll.difficulty ? "Success" : "Failure"} ${side}`;
}

describeInBrowser("the Duality roll view", (browser) => {
  let connection: Connection;

  beforeAll(async () => {
    connection = await connectStdio(["--seed", "views"]);
  });
  afterAll(() => connection.close());

  it("shows the Hope and Fear dice, the total and the outcome of a real roll", async () => {
    const { host, result, uri } = await openToolView(browser(), {
      client: connection.client,
      tool: "duality_action_roll",
      arguments: { modifier: 1, difficulty: 12 },
    });
    expect(uri).toBe("ui://duality/roll.html");
    const roll = result.structuredContent as unknown as ActionResult;
    expect(roll.total).toBe(roll.hope + roll.fear + 1);
    const outcome = host.view.locator(".outcome");
    await outcome.waitFor();
    expect(await outcome.textContent()).toBe(expectedWords(roll));
    const dice = host.view.getByRole("list", { name: "Dice" }).getByRole("listitem");
    expect(await dice.evaluateAll((items) => items.map((item) => item.ariaLabel))).toEqual([
      `Hope d12: ${roll.hope}`,
      `Fear d12: ${roll.fear}`,
    ]);
    expect(await host.view.locator(".total").textContent()).toBe(`Total ${roll.total}`);
    expect(host.problems).toEqual([]);
    await host.close();
  });

  it.each([
    [{ hope: 9, fear: 6, modifier: 2, difficulty: 15 }, "Success with Hope", "outcome-hope"],
    [{ hope: 3, fear: 8, difficulty: 20 }, "Failure with Fear", "outcome-fear"],
    [{ hope: 5, fear: 5, difficulty: 30 }, "Critical success", "outcome-crit"],
    [{ hope: 2, fear: 11 }, "Rolled with Fear", "outcome-fear"],
  ])("names the outcome of %j in words and colour", async (args, words, tone) => {
    const { host } = await openToolView(browser(), {
      client: connection.client,
      tool: "duality_outcome",
      arguments: args,
    });
    const outcome = host.view.locator(".outcome");
    await outcome.waitFor();
    expect(await outcome.textContent()).toBe(words);
    expect(await outcome.getAttribute("class")).toBe(`outcome ${tone}`);
    await host.close();
  });

  it("lists explain's five steps with their numbers, and fits 320 pixels", async () => {
    const { host } = await openToolView(browser(), {
      client: connection.client,
      tool: "duality_explain",
      arguments: { hope: 9, fear: 6, modifier: 2, difficulty: 15, advantage_die: 4 },
      width: 320,
    });
    const steps = host.view.locator(".steps li");
    await steps.first().waitFor();
    expect(await steps.allTextContents()).toEqual([
      "Hope 9 + Fear 6 = 15",
      "15, modifier +2, advantage +4: total 21",
      "Hope and Fear differ: no crit",
      "Total 21 against Difficulty 15: met",
      "Outcome: Success with Hope",
    ]);
    expect(await host.view.locator(".die-value").allTextContents()).toEqual(["9", "6", "4"]);
    expect(await host.horizontalOverflow()).toBe(0);
    await screenshotThemes(host, PICTURES, "roll");
    expect(host.problems).toEqual([]);
    await host.close();
  });
});

import { fileURLToPath } from "node:url";
import { describeInBrowser, openToolView, screenshotThemes } from "@tabletop-mcp/views/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Connection, connectStdio } from "../harness.js";

const PICTURES = fileURLToPath(new URL("../../test-results/views", import.meta.url));

interface Die {
  sides: number;
  value: number;
  kept: boolean;
  special: string | null;
}

interface RollResult {
  total: number;
  dice: Die[];
}

function rollOf(structured: unknown): RollResult {
  return (structured as { result: RollResult }).result;
}

describeInBrowser("the dice roll view", (browser) => {
  let connection: Connection;

  beforeAll(async () => {
    connection = await connectStdio(["--seed", "views"]);
  });
  afterAll(() => connection.close());

  it("shows each die as a face, the dropped one marked, the modifier and the total", async () => {
    const args = { dice_count: 4, dice_sides: 6, keep_highest: 3, modifier: 2, label: "strength" };
    const { host, result, uri } = await openToolView(browser(), {
      client: connection.client,
      tool: "roll_dice",
      arguments: args,
    });
    expect(uri).toBe("ui://dice/roll.html");
    const rolled = rollOf(result.structuredContent);
    const keptSum = rolled.dice.filter((die) => die.kept).reduce((sum, die) => sum + die.value, 0);
    expect(rolled.total).toBe(keptSum + 2);

    await host.view.locator(".total").waitFor();
    const faces = host.view.getByRole("list", { name: "Dice" }).getByRole("listitem");
    expect(await faces.evaluateAll((items) => items.map((item) => item.ariaLabel))).toEqual(
      rolled.dice.map((die) => `d6 showing ${die.value}${die.kept ? "" : ", dropped"}`),
    );
    expect(await host.view.locator(".die-value").allTextContents()).toEqual(
      rolled.dice.map((die) => String(die.value)),
    );
    expect(await host.view.locator(".die-dropped").count()).toBe(1);
    expect(await host.view.locator(".modifier").textContent()).toBe("Modifier +2");
    expect(await host.view.locator(".total").textContent()).toBe(`Total ${rolled.total}`);
    await screenshotThemes(host, PICTURES, "roll");
    expect(host.problems).toEqual([]);
    await host.close();
  });

  it("rolls again through the server with the same tool and arguments", async () => {
    const args = { notation: "3d6!", label: "fireball" };
    const { host } = await openToolView(browser(), {
      client: connection.client,
      tool: "roll",
      arguments: args,
    });
    await host.view.locator(".total").waitFor();
    await host.view.getByRole("button", { name: "Roll again" }).press("Enter");
    await host.view.getByText(/^Total -?\d+ \(again\)$/).waitFor();

    expect(host.calls.map((call) => [call.name, call.arguments])).toEqual([["roll", args]]);
    const again = rollOf(host.calls[0]?.result.structuredContent);
    expect(await host.view.locator(".total").textContent()).toBe(`Total ${again.total} (again)`);
    expect(await host.view.locator(".die-value").allTextContents()).toEqual(
      again.dice.map((die) => String(die.value)),
    );
    expect(host.problems).toEqual([]);
    await host.close();
  });

  it("shows every set of roll_multiple with its own total", async () => {
    const args = { rolls: [{ dice_count: 4, dice_sides: 6, keep_highest: 3 }], count: 3 };
    const { host, result } = await openToolView(browser(), {
      client: connection.client,
      tool: "roll_multiple",
      arguments: args,
    });
    const results = (result.structuredContent as { results: RollResult[] }).results;
    await host.view.locator(".total").first().waitFor();
    expect(await host.view.locator(".total").allTextContents()).toEqual(
      results.map((rolled) => `Total ${rolled.total}`),
    );
    expect(await host.view.getByRole("heading", { level: 2 }).allTextContents()).toEqual([
      "Set 1, roll 1: 4d6kh3",
      "Set 2, roll 1: 4d6kh3",
      "Set 3, roll 1: 4d6kh3",
    ]);
    await host.close();
  });

  it("fits a frame 320 pixels wide", async () => {
    const { host } = await openToolView(browser(), {
      client: connection.client,
      tool: "roll_dice",
      arguments: { dice_count: 12, dice_sides: 20, modifier: -3 },
      width: 320,
    });
    await host.view.locator(".total").waitFor();
    expect(await host.horizontalOverflow()).toBe(0);
    expect(await host.view.locator(".modifier").textContent()).toBe("Modifier \u22123");
    await host.close();
  });
});

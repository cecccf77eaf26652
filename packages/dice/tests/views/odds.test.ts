import { fileURLToPath } from "node:url";
import { describeInBrowser, openToolView, screenshotThemes } from "@tabletop-mcp/views/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Connection, connectStdio } from "../harness.js";

const PICTURES = fileURLToPath(new URL("../../test-results/views", import.meta.url));

/** P(total = t) for 2d6, by counting the 36 equally likely pairs. */
function twoDiceOdds(): Map<number, number> {
  const counts = new Map<number, number>();
  for (let first = 1; first <= 6; first += 1) {
    for (let second = 1; second <= 6; second += 1) {
      counts.set(first + second, (counts.get(first + second) ?? 0) + 1);
    }
  }
  return new Map([...counts].map(([total, count]) => [total, count / 36]));
}

function percent(probability: number): string {
  return `${(probability * 100).toFixed(2)}%`;
}

describeInBrowser("the dice odds view", (browser) => {
  let connection: Connection;

  beforeAll(async () => {
    connection = await connectStdio();
  });
  afterAll(() => connection.close());

  it("charts the distribution and lights the bars of the chance asked for", async () => {
    const { host, uri } = await openToolView(browser(), {
      client: connection.client,
      tool: "dice_probability",
      arguments: { dice_count: 2, dice_sides: 6, at_least: [10, 7] },
    });
    expect(uri).toBe("ui://dice/odds.html");
    const odds = twoDiceOdds();
    const atLeast = (threshold: number) =>
      [...odds].filter(([total]) => total >= threshold).reduce((sum, [, p]) => sum + p, 0);

    const headline = host.view.locator(".asked-first");
    await headline.waitFor();
    expect(await headline.textContent()).toBe(`Chance of 10 or more: ${percent(atLeast(10))}`);
    expect(await host.view.locator(".asked").nth(1).textContent()).toBe(
      `Chance of 7 or more: ${percent(atLeast(7))}`,
    );
    expect(await host.view.locator("rect.bar").count()).toBe(11);
    expect(await host.view.locator("rect.bar-highlighted").count()).toBe(3);
    const lit = host.view.locator("tr.row-highlighted");
    expect(await lit.evaluateAll((rows) => rows.map((row) => row.textContent))).toEqual(
      [10, 11, 12].map((total) => `${total}${percent(odds.get(total) ?? 0)}`),
    );
    expect(await host.view.locator(".summary").textContent()).toMatch(/^Mean 7, /);
    const meanBar = host.view.locator("rect.bar").nth(7 - 2);
    const meanBarMiddle =
      Number(await meanBar.getAttribute("x")) + Number(await meanBar.getAttribute("width")) / 2;
    const marker = host.view.locator("line.chart-marker");
    expect(Number(await marker.getAttribute("x1"))).toBe(meanBarMiddle);
    expect(await marker.locator("title").textContent()).toBe("Mean 7");
    await screenshotThemes(host, PICTURES, "odds");
    expect(host.problems).toEqual([]);
    await host.close();
  });

  it("reads the chart's numbers out as a table, in a frame 320 pixels wide", async () => {
    const { host } = await openToolView(browser(), {
      client: connection.client,
      tool: "dice_probability",
      arguments: { dice_count: 2, dice_sides: 6 },
      width: 320,
    });
    await host.view.getByText("Show the numbers").click();
    const table = host.view.getByRole("table");
    await table.waitFor();
    const rows = await table
      .getByRole("row")
      .evaluateAll((found) =>
        found.map((row) => [...row.children].map((cell) => cell.textContent)),
      );
    expect(rows).toEqual([
      ["Total", "Probability"],
      ...[...twoDiceOdds()].map(([total, p]) => [String(total), percent(p)]),
    ]);
    expect(await host.view.locator("rect.bar-highlighted").count()).toBe(0);
    expect(await host.horizontalOverflow()).toBe(0);
    await host.close();
  });
});

import { fileURLToPath } from "node:url";
import { describeInBrowser, openToolView, screenshotThemes } from "@tabletop-mcp/views/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Connection, connectStdio } from "../harness.js";

const PICTURES = fileURLToPath(new URL("../../test-results/views", import.meta.url));

/** Outcomes of the 144 Hope/Fear pairs with a modifier and a difficulty, counted one by one. */
function countOutcomes(modifier: number, difficulty: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let hope = 1; hope <= 12; hope += 1) {
    for (let fear = 1; fear <= 12; fear += 1) {
      const words =
        hope === fear
          ? "Critical success"
          : `${hope + fear + modifier >= difficulty ? "Success" : "Failure"} with ${hope > fear ? "Hope" : "Fear"}`;
      counts.set(words, (counts.get(words) ?? 0) + 1);
    }
  }
  return counts;
}

function percent(count: number, total: number): string {
  return `${((count / total) * 100).toFixed(2)}%`;
}

describeInBrowser("the Duality odds view", (browser) => {
  let connection: Connection;

  beforeAll(async () => {
    connection = await connectStdio();
  });
  afterAll(() => connection.close());

  it("charts every outcome and lights the successes, with the chance of success", async () => {
    const { host, uri } = await openToolView(browser(), {
      client: connection.client,
      tool: "duality_probability",
      arguments: { modifier: 2, difficulty: 15 },
    });
    expect(uri).toBe("ui://duality/odds.html");
    const counts = countOutcomes(2, 15);
    const successes =
      (counts.get("Critical success") ?? 0) +
      (counts.get("Success with Hope") ?? 0) +
      (counts.get("Success with Fear") ?? 0);

    const headline = host.view.locator(".asked-first");
    await headline.waitFor();
    expect(await headline.textContent()).toBe(
      `Success: ${percent(successes, 144)} (${successes} of 144)`,
    );
    const crits = counts.get("Critical success") ?? 0;
    expect(await host.view.locator(".asked").nth(1).textContent()).toBe(
      `Critical success: ${percent(crits, 144)} (${crits} of 144)`,
    );
    const lit = host.view.locator("tr.row-highlighted");
    expect(
      await lit.evaluateAll((rows) =>
        rows.map((row) => [...row.children].map((c) => c.textContent)),
      ),
    ).toEqual(
      ["Critical success", "Success with Hope", "Success with Fear"].map((words) => [
        words,
        percent(counts.get(words) ?? 0, 144),
      ]),
    );
    expect(await host.view.locator("rect.bar").count()).toBe(5);
    expect(await host.view.locator("rect.bar-highlighted").count()).toBe(3);
    await screenshotThemes(host, PICTURES, "odds");
    expect(host.problems).toEqual([]);
    await host.setWidth(320);
    expect(await host.horizontalOverflow()).toBe(0);
    await host.close();
  });
});

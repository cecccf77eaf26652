import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import type { McpUiStyles } from "@modelcontextprotocol/ext-apps/app-bridge";
import { beforeAll, expect, it } from "vitest";
import { buildPage } from "../src/build/build-page.js";
import { describeInBrowser, ViewHost } from "../src/testing/index.js";

const REACHING_VIEW = fileURLToPath(new URL("fixtures/reaching-view", import.meta.url));

describeInBrowser("the test host", (browser) => {
  let html: string;
  beforeAll(async () => {
    html = await buildPage(REACHING_VIEW, { version: "1.0.0" });
  });

  it("embeds a view that completes the handshake, and reports its attempt to reach the network", async () => {
    const host = await ViewHost.open(browser(), {
      client: new Client({ name: "unused", version: "1.0.0" }),
      html,
    });
    expect(host.problems).toEqual([]);
    await host.show({ arguments: {}, result: { content: [] } });
    await host.view.getByText("Fetching").waitFor();
    await expect.poll(() => host.problems.join("\n")).toMatch(/example\.invalid/);
    expect(host.problems.join("\n")).toContain("Content Security Policy");
    await host.close();
  });

  it("hands the view the host's theme and style variables, which its stylesheet follows", async () => {
    const host = await ViewHost.open(browser(), {
      client: new Client({ name: "unused", version: "1.0.0" }),
      html,
      theme: "dark",
      hostContext: {
        styles: { variables: { "--color-background-primary": "rgb(10, 20, 30)" } as McpUiStyles },
      },
    });
    await host.view.locator(":root[data-theme='dark']").waitFor({ state: "attached" });
    const background = await host.view
      .locator("body")
      .evaluate((body) => getComputedStyle(body).backgroundColor);
    expect(background).toBe("rgb(10, 20, 30)");
    await host.setTheme("light");
    await host.view.locator(":root[data-theme='light']").waitFor({ state: "attached" });
    expect(host.problems).toEqual([]);
    await host.close();
  });
});

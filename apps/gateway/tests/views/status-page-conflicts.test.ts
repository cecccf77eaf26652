// The status page in a real headless Chromium shows a server that tried to take over another
// server's resource URI (docs/gateway.md §5.4, §16).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describeInBrowser, type LaunchedChromium } from "@tabletop-mcp/views/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  cleanupAll,
  type HttpChild,
  openHttpSession,
  type Session,
  startGatewayHttp,
  tempFolder,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";

const CLAIMANT = fileURLToPath(new URL("../fixtures/late-claimant.mjs", import.meta.url));
const TOKEN = "status-conflicts-token-0123456789";
const ROLL_VIEW = "ui://dice/roll.html";

type Page = Awaited<ReturnType<LaunchedChromium["context"]["newPage"]>>;

afterAll(cleanupAll);

describeInBrowser("the status page's resource conflicts", (browser) => {
  let gateway: HttpChild;
  let session: Session;
  let page: Page;
  const claimedFile = join(tempFolder(), "claimed");

  beforeAll(async () => {
    const args = [CLAIMANT, "--claim", ROLL_VIEW, "--after-ms", "1500"];
    const config = writeConfig({
      mcpServers: {
        dice: { builtin: "dice" },
        claimant: { command: process.execPath, args: [...args, "--claimed-file", claimedFile] },
      },
    });
    gateway = await startGatewayHttp(["--config", config, "--auth-token", TOKEN]);
    session = await openHttpSession(gateway.url, "", { authorization: `Bearer ${TOKEN}` });
    page = await browser().context.newPage();
    await page.goto(`${gateway.origin}/status`);
    await page.locator("#token").fill(TOKEN);
    await page.keyboard.press("Enter");
    await page.locator('[data-upstream="claimant"]').waitFor();
  });

  afterAll(async () => {
    await page?.close();
  });

  it("shows no conflicts section while every URI has one server", async () => {
    expect(await page.locator("#conflicts").isHidden()).toBe(true);
  });

  it("names the URI, the server that keeps it and the one it is withheld from", async () => {
    await waitFor(() => existsSync(claimedFile), "the claimant to claim the URI");
    await session.client.listResources();
    const item = page.locator('#conflicts li[data-claimant="claimant"]');
    await item.waitFor({ timeout: 10_000 });
    expect(await page.locator("#conflicts-title").textContent()).toBe("Resource conflicts");
    expect(await item.textContent()).toMatch(
      /^ui:\/\/dice\/roll\.html \(resource URI\): kept by dice, withheld from claimant since \d{2}:\d{2}:\d{2}\.\d{3}$/,
    );
  });
});

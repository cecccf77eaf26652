// The status page in a real headless Chromium: what a person sees, live, through an upstream's
// restart and the gateway's end, and the token it asks for.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TextResourceContents } from "@modelcontextprotocol/server";
import { describeInBrowser, type LaunchedChromium } from "@tabletop-mcp/views/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  fixtureStdio,
  type HttpChild,
  isAlive,
  openHttpSession,
  readRecord,
  type Session,
  startGatewayHttp,
  tempFolder,
  trackPid,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";

const PICTURES = fileURLToPath(new URL("../../test-results/views", import.meta.url));
const TOKEN = "status-page-token-0123456789";
/** Longer than the page's 2 s poll and the restart back-off's first steps together. */
const CHANGE_WAIT_MS = 15_000;

type Page = Awaited<ReturnType<LaunchedChromium["context"]["newPage"]>>;

interface ToolFigures {
  name: string;
  p50_ms: number | null;
  calls_total: number;
  errors_total: number;
}

afterAll(cleanupAll);

function stateOf(page: Page, upstream: string) {
  return page.locator(`[data-upstream="${upstream}"] .upstream-state`);
}

async function statsTool(session: Session, name: string): Promise<ToolFigures> {
  const read = await session.client.readResource({ uri: "gateway://stats" });
  const stats = JSON.parse((read.contents[0] as TextResourceContents).text) as {
    tools: ToolFigures[];
  };
  const tool = stats.tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`gateway://stats has no ${name}`);
  return tool;
}

describeInBrowser("the gateway's status page", (browser) => {
  let gateway: HttpChild;
  let session: Session;
  let page: Page;
  const failFile = join(tempFolder(), "refuse-to-start");
  /** In the broken upstream's working folder, so its error names no machine's path. */
  const brokenFolder = tempFolder();

  beforeAll(async () => {
    writeFileSync(join(brokenFolder, "never-start"), "this upstream never starts");
    const config = writeConfig({
      mcpServers: {
        dice: { builtin: "dice" },
        notes: fixtureStdio([
          "--name",
          "notes",
          "--tools",
          "echo,_record",
          "--fail-after-exit",
          failFile,
        ]),
        broken: fixtureStdio(["--name", "broken", "--fail-after-exit", "never-start"], {
          cwd: brokenFolder,
        }),
      },
    });
    gateway = await startGatewayHttp(["--config", config, "--auth-token", TOKEN]);
    session = await openHttpSession(gateway.url, "", { authorization: `Bearer ${TOKEN}` });
    page = await browser().context.newPage();
    await page.setViewportSize({ width: 900, height: 1000 });
  });

  afterAll(async () => {
    await page?.close();
  });

  it("refuses the data without the token and says so, then shows it once the token is typed", async () => {
    await page.goto(`${gateway.origin}/status`);
    const refusal = page.getByRole("alert");
    await expect.poll(() => refusal.textContent()).toMatch(/refused the status data \(401\)/);
    expect(await page.locator("[data-upstream]").count()).toBe(0);
    await page.keyboard.press("Tab");
    expect(
      await page.locator("#token").evaluate((input) => input.ownerDocument.activeElement === input),
    ).toBe(true);
    await page.keyboard.type(TOKEN);
    await page.keyboard.press("Enter");
    await page.locator('[data-upstream="notes"]').waitFor();
    expect(await refusal.isHidden()).toBe(true);
    expect(await page.locator("#token-form").isHidden()).toBe(true);
  });

  it("shows every upstream with its kind, era, state and tool count, and the tools' figures", async () => {
    for (let index = 0; index < 4; index++) await call(session.client, "echo", { index });
    const echo = await statsTool(session, "echo");
    expect(echo.calls_total).toBe(4);
    const row = page.locator('[data-upstream="notes"] tr[data-tool="echo"]');
    await expect.poll(() => row.locator("td").nth(4).textContent(), { timeout: 5000 }).toBe("4");
    const cells = await row.locator("td").allTextContents();
    expect(cells[1]).toBe(`${echo.p50_ms} ms`);
    expect(cells[5]).toBe(String(echo.errors_total));

    const diceTools = (await session.client.listTools()).tools.filter(
      (tool) => !["echo", "_record"].includes(tool.name),
    ).length;
    const facts = async (name: string) =>
      page.locator(`[data-upstream="${name}"]`).evaluate((section) => ({
        name: section.querySelector("h2")?.textContent,
        kind: section.querySelector(".upstream-kind")?.textContent,
        era: section.querySelector(".upstream-era")?.textContent,
        state: section.querySelector(".upstream-state")?.textContent,
        tools: section.querySelector(".upstream-tools")?.textContent,
      }));
    expect(await facts("dice")).toEqual({
      name: "dice",
      kind: "builtin",
      era: "MCP 2025-11-25",
      state: "up",
      tools: `${diceTools} tools`,
    });
    expect(await facts("notes")).toEqual({
      name: "notes",
      kind: "stdio",
      era: "MCP 2025-11-25",
      state: "up",
      tools: "2 tools",
    });
    expect(await facts("broken")).toEqual({
      name: "broken",
      kind: "stdio",
      era: "era not known yet",
      state:
        "down: Connection closed; last stderr line: fixture: refusing to start, never-start exists",
      tools: "0 tools",
    });
    expect(await page.locator(".version").textContent()).toBe("0.1.0");
    expect(await page.locator(".sessions").textContent()).toBe("1");
    expect(await page.locator(".current-tier").textContent()).toContain("deep");
  });

  it("follows a killed upstream to restarting and back to up without a reload", async () => {
    await page.evaluate(() => {
      (globalThis as unknown as { loadedOnce: boolean }).loadedOnce = true;
    });
    const changes = page.locator('[data-upstream="notes"] .changes li');
    expect(await changes.count()).toBe(1);
    const { pid } = await readRecord(session.client);
    trackPid(pid);
    writeFileSync(failFile, "keep it down for a while");
    process.kill(pid, "SIGKILL");
    await waitFor(() => !isAlive(pid), `upstream ${pid} to die`);

    const state = stateOf(page, "notes");
    await expect
      .poll(() => state.textContent(), { timeout: CHANGE_WAIT_MS })
      .toMatch(/^restarting, next attempt at \d\d:\d\d:\d\d\.\d{3}$/);
    rmSync(failFile);
    await expect.poll(() => state.textContent(), { timeout: CHANGE_WAIT_MS }).toBe("up");
    expect(await changes.first().textContent()).toMatch(/^\d\d:\d\d:\d\d\.\d{3} restarting → up$/);
    expect(await changes.count()).toBeGreaterThanOrEqual(3);
    expect(await changes.last().textContent()).toMatch(/starting → up$/);
    expect(
      await page.evaluate(() => (globalThis as unknown as { loadedOnce?: boolean }).loadedOnce),
    ).toBe(true);
    await page.screenshot({ path: join(PICTURES, "status-light.png"), fullPage: true });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.locator(":root[data-theme='dark']").waitFor({ state: "attached" });
    await page.screenshot({ path: join(PICTURES, "status-dark.png"), fullPage: true });
    await page.emulateMedia({ colorScheme: "light" });
  });

  it("says disconnected once the gateway stops answering", async () => {
    await session.close();
    await gateway.stop();
    const connection = page.locator("#connection");
    await expect
      .poll(() => connection.textContent(), { timeout: CHANGE_WAIT_MS })
      .toMatch(/^Disconnected: the gateway is not answering/);
    expect(await page.locator('[data-upstream="notes"]').count()).toBe(1);
  });
});

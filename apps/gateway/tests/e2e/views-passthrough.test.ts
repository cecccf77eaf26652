// The gateway passes the views of its upstreams through unchanged: ui:// resources listed and
// read byte for byte as their server serves them, and tool listings keeping `_meta.ui`.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Client, type TextResourceContents, type Tool } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEW_MIME_TYPE, viewHtml } from "../fixtures/fixture-server.mjs";
import {
  cleanupAll,
  fixtureStdio,
  openStdioGateway,
  runGateway,
  type StdioSession,
  writeConfig,
} from "../helpers/gateway.js";

const DICE_COMMAND = fileURLToPath(
  new URL("../../../../packages/dice/dist/cli.js", import.meta.url),
);
const DICE_ROLL_VIEW = fileURLToPath(
  new URL("../../../../packages/dice/dist/views/roll.html", import.meta.url),
);
const PANEL_URI = "ui://panel/panel.html";

afterAll(cleanupAll);

async function readText(client: Client, uri: string): Promise<TextResourceContents> {
  const { contents } = await client.readResource({ uri });
  expect(contents).toHaveLength(1);
  return contents[0] as TextResourceContents;
}

/** What dice itself answers, over its own stdio, with no gateway in between. */
async function readFromDiceItself(
  uri: string,
): Promise<{ view: TextResourceContents; tool: Tool }> {
  const client = new Client({ name: "views-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [DICE_COMMAND] }),
  );
  try {
    const view = await readText(client, uri);
    const { tools } = await client.listTools();
    const tool = tools.find((candidate) => candidate.name === "roll_dice");
    if (!tool) throw new Error("dice lists no roll_dice");
    return { view, tool };
  } finally {
    await client.close();
  }
}

describe("views through the gateway", () => {
  let gateway: StdioSession;

  beforeAll(async () => {
    const config = writeConfig({
      mcpServers: {
        dice: { builtin: "dice" },
        panel: fixtureStdio(["--name", "panel", "--view", "--tools", "echo"]),
      },
    });
    gateway = await openStdioGateway(["--config", config]);
  });

  it("lists the ui:// resources of a builtin and of a stdio upstream with their MIME type", async () => {
    const { resources } = await gateway.client.listResources();
    const views = resources.filter((resource) => resource.uri.startsWith("ui://"));
    expect(views.map((view) => view.uri)).toEqual(
      expect.arrayContaining(["ui://dice/roll.html", "ui://dice/odds.html", PANEL_URI]),
    );
    for (const view of views) expect(view.mimeType).toBe(VIEW_MIME_TYPE);
  });

  it("serves dice's roll view byte for byte as dice itself does, as built", async () => {
    const direct = await readFromDiceItself("ui://dice/roll.html");
    const through = await readText(gateway.client, "ui://dice/roll.html");
    expect(through).toEqual(direct.view);
    expect(through.text).toBe(readFileSync(DICE_ROLL_VIEW, "utf8"));
    expect(through.mimeType).toBe(VIEW_MIME_TYPE);
  });

  it("keeps _meta.ui on a builtin's tools as the builtin lists them", async () => {
    const direct = await readFromDiceItself("ui://dice/roll.html");
    const { tools } = await gateway.client.listTools();
    const roll = tools.find((tool) => tool.name === "roll_dice");
    expect(roll?._meta).toEqual(direct.tool._meta);
    expect((roll?._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri).toBe(
      "ui://dice/roll.html",
    );
  });

  it("serves a stdio upstream's view unchanged, and its tools keep the link to it", async () => {
    const through = await readText(gateway.client, PANEL_URI);
    expect(through).toEqual({
      uri: PANEL_URI,
      mimeType: VIEW_MIME_TYPE,
      text: viewHtml("panel"),
      _meta: { ui: {} },
    });
    const { tools } = await gateway.client.listTools();
    const echo = tools.find((tool) => tool.name === "echo");
    expect(echo?._meta).toEqual({ ui: { resourceUri: PANEL_URI }, "ui/resourceUri": PANEL_URI });
  });
});

describe("two upstreams serving the same view URI", () => {
  const copy = (side: string, keys: Record<string, unknown> = {}) =>
    fixtureStdio(
      [
        ...["--name", "twin", "--view", "--scheme", `${side}fix`],
        ...["--prompt", `${side}_greet`, "--tools", `${side}_echo=echo`],
      ],
      keys,
    );

  it("stop the gateway at start without prefixes, as any other resource URI collision does", async () => {
    const config = writeConfig({ mcpServers: { left: copy("l"), right: copy("r") } });
    const result = await runGateway(["--config", config, "--check"]);
    expect(result.code).toBe(2);
    const line = result.stderr
      .split("\n")
      .find((candidate) => candidate.includes("ui://twin/panel.html"));
    expect(line).toContain("collision");
    expect(line).toContain('"left"');
    expect(line).toContain('"right"');
    expect(line).toContain('set "prefix" on one of them');
  });

  it("start with a prefix on one, which sets its view apart (docs/gateway.md §5.1)", async () => {
    const config = writeConfig({
      mcpServers: { left: copy("l"), right: copy("r", { prefix: "r" }) },
    });
    const result = await runGateway(["--config", config, "--check"]);
    expect(result.stderr).not.toContain("collision");
    expect(result.code).toBe(0);
  });
});

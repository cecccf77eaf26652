// Two copies of one server behind one gateway (docs/gateway.md §5.1): a prefix namespaces
// everything of its server that could clash, resource URIs and ui:// views included, so the
// dice builtin runs beside the dice command, and one world beside another, for clients of
// both protocol eras.
import { createHash } from "node:crypto";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type CallToolResult,
  Client,
  type Notification,
  ProtocolError,
  StreamableHTTPClientTransport,
  type TextResourceContents,
  type Tool,
} from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { type ClientEra, clientOptions } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEW_MIME_TYPE, viewHtml } from "../fixtures/fixture-server.mjs";
import {
  call,
  childPidsOf,
  cleanupAll,
  directRecord,
  errorOf,
  fixtureStdio,
  type HttpChild,
  readRecord,
  runGateway,
  sleep,
  startFixtureHttpProcess,
  startGatewayHttp,
  tempFolder,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";

const DICE_COMMAND = fileURLToPath(
  new URL("../../../../packages/dice/dist/cli.js", import.meta.url),
);
const DICE_ROLL_VIEW = readFileSync(
  fileURLToPath(new URL("../../../../packages/dice/dist/views/roll.html", import.meta.url)),
  "utf8",
);
const WORLD_MAP_VIEW = readFileSync(
  fileURLToPath(new URL("../../../../packages/world/dist/views/map.html", import.meta.url)),
  "utf8",
);
const WORLD_FIXTURES = fileURLToPath(
  new URL("../../../../packages/world/tests/fixtures/", import.meta.url),
);
const ERAS: readonly ClientEra[] = ["legacy", "modern"];
const ROLL = { dice_count: 1, dice_sides: 6 };

/** A client of the gateway, with the notifications no handler took. */
interface EraClient {
  client: Client;
  notifications: Notification[];
}

const clients: Client[] = [];

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {});
  await cleanupAll();
});

async function connect(url: string, era: ClientEra, token?: string): Promise<EraClient> {
  const notifications: Notification[] = [];
  const client = new Client({ name: "prefix-test", version: "1.0.0" }, clientOptions(era));
  client.fallbackNotificationHandler = async (notification) => {
    notifications.push(notification);
  };
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  );
  clients.push(client);
  return { client, notifications };
}

/** The view a tool's listing links to, under the key current hosts read. */
function viewOf(tool: Tool | undefined): string | undefined {
  return (tool?._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
}

/** The URIs of the `notifications/resources/updated` a client received, in order. */
function updatedUris(session: EraClient): unknown[] {
  return session.notifications
    .filter((notification) => notification.method === "notifications/resources/updated")
    .map((notification) => notification.params?.uri);
}

function updates(session: EraClient, uri: string): number {
  return updatedUris(session).filter((updated) => updated === uri).length;
}

async function readText(client: Client, uri: string): Promise<TextResourceContents> {
  const { contents } = await client.readResource({ uri });
  expect(contents).toHaveLength(1);
  return contents[0] as TextResourceContents;
}

async function toolsOf(client: Client): Promise<Map<string, Tool>> {
  const { tools } = await client.listTools();
  return new Map(tools.map((tool) => [tool.name, tool]));
}

/** The tools the dice command lists over its own stdio, with no gateway in between. */
async function diceItself(): Promise<Tool[]> {
  const client = new Client({ name: "prefix-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [DICE_COMMAND] }),
  );
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
}

describe("the dice builtin beside the dice command with prefix d2", () => {
  let gateway: HttpChild;
  let config: string;
  let direct: Tool[];

  beforeAll(async () => {
    config = writeConfig({
      mcpServers: {
        dice: { builtin: "dice" },
        d2: { command: process.execPath, args: [DICE_COMMAND], prefix: "d2", timeout_ms: 1000 },
      },
    });
    gateway = await startGatewayHttp(["--config", config]);
    direct = await diceItself();
  });

  it("passes --check", async () => {
    const result = await runGateway(["--config", config, "--check"]);
    expect(result.stderr).not.toContain("collision");
    expect(result.code).toBe(0);
  });

  describe.each(ERAS)("for a %s client", (era) => {
    let session: EraClient;

    beforeAll(async () => {
      session = await connect(gateway.url, era);
    });

    it("lists each copy's tools linking to that copy's own view", async () => {
      const tools = await toolsOf(session.client);
      const linked = direct.filter((tool) => viewOf(tool) !== undefined);
      expect(linked.map((tool) => tool.name)).toContain("roll_dice");
      for (const own of linked) {
        const uri = viewOf(own)?.replace(/^ui:\/\/dice\//, "ui://d2__dice/");
        expect(tools.get(own.name)?._meta).toEqual(own._meta);
        expect(tools.get(`d2__${own.name}`)?._meta).toEqual({
          ...own._meta,
          ui: { ...(own._meta?.ui as object), resourceUri: uri },
          "ui/resourceUri": uri,
        });
      }
      expect(viewOf(tools.get("d2__roll_dice"))).toBe("ui://d2__dice/roll.html");
    });

    it("lists both copies' views", async () => {
      const { resources } = await session.client.listResources();
      const views = resources.filter((resource) => resource.uri.startsWith("ui://"));
      expect(views.map((view) => view.uri).sort()).toEqual([
        "ui://d2__dice/odds.html",
        "ui://d2__dice/roll.html",
        "ui://dice/odds.html",
        "ui://dice/roll.html",
      ]);
      for (const view of views) expect(view.mimeType).toBe(VIEW_MIME_TYPE);
    });

    it("reads each tool's view under the URI its listing names", async () => {
      const tools = await toolsOf(session.client);
      for (const name of ["roll_dice", "d2__roll_dice"]) {
        const uri = viewOf(tools.get(name));
        if (uri === undefined) throw new Error(`${name} links no view`);
        expect(await readText(session.client, uri)).toEqual({
          uri,
          mimeType: VIEW_MIME_TYPE,
          text: DICE_ROLL_VIEW,
        });
      }
    });

    it("sends the prefixed view and tool to the dice command, the others to the builtin", async () => {
      const [child] = childPidsOf(gateway.child.pid ?? -1);
      if (child === undefined) throw new Error("the gateway has no dice command child");
      process.kill(child, "SIGSTOP");
      try {
        const stalled = await session.client.readResource({ uri: "ui://d2__dice/roll.html" }).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(stalled).toBeInstanceOf(ProtocolError);
        expect((stalled as ProtocolError).data).toMatchObject({ upstream: "d2" });
        expect((await readText(session.client, "ui://dice/roll.html")).text).toBe(DICE_ROLL_VIEW);
        const prefixed = await call(session.client, "d2__roll_dice", ROLL);
        expect(errorOf(prefixed)).toMatchObject({ upstream: "d2", reason: "timeout" });
        const plain = await call(session.client, "roll_dice", ROLL);
        expect(plain.isError).toBeFalsy();
      } finally {
        process.kill(child, "SIGCONT");
      }
      const answered = await call(session.client, "d2__roll_dice", ROLL);
      expect(answered.isError).toBeFalsy();
    });
  });
});

describe("two copies of one server with the same prefix, or none", () => {
  it("stop --check, naming what still clashes and how to fix it", async () => {
    const config = writeConfig({
      mcpServers: {
        dice: { builtin: "dice", prefix: "d2" },
        d2: { command: process.execPath, args: [DICE_COMMAND], prefix: "d2" },
      },
    });
    const result = await runGateway(["--config", config, "--check"]);
    expect(result.code).toBe(2);
    const lines = result.stderr.split("\n");
    expect(lines).toContain(
      'tabletop-gateway: resource URI collision: "ui://d2__dice/roll.html" is provided by "dice" and "d2"; give them different prefixes',
    );
    expect(lines).toContain(
      'tabletop-gateway: tool name collision: "d2__roll_dice" is provided by "dice" and "d2"; give them different prefixes or add "roll_dice" to its "tools.deny"',
    );
  });

  it("without prefixes, ask for one", async () => {
    const config = writeConfig({
      mcpServers: {
        dice: { builtin: "dice" },
        more: { command: process.execPath, args: [DICE_COMMAND] },
      },
    });
    const result = await runGateway(["--config", config, "--check"]);
    expect(result.code).toBe(2);
    expect(result.stderr.split("\n")).toContain(
      'tabletop-gateway: resource URI collision: "ui://dice/roll.html" is provided by "dice" and "more"; set "prefix" on one of them',
    );
  });
});

describe("two world servers with different worlds, the second with prefix w2", () => {
  let gateway: HttpChild;
  let first: string;
  let second: string;

  beforeAll(async () => {
    const folder = tempFolder();
    first = join(folder, "key-puzzle.urd.md");
    second = join(folder, "garden.urd.md");
    copyFileSync(join(WORLD_FIXTURES, "two-room-key-puzzle.urd.md"), first);
    copyFileSync(join(WORLD_FIXTURES, "locked-garden.urd.md"), second);
    const config = writeConfig(
      {
        mcpServers: {
          world: { builtin: "world", options: { worldPath: first, watch: true } },
          w2: { builtin: "world", options: { worldPath: second, watch: true }, prefix: "w2" },
        },
      },
      folder,
    );
    gateway = await startGatewayHttp(["--config", config]);
  });

  describe.each(ERAS)("for a %s client", (era) => {
    let session: EraClient;

    beforeAll(async () => {
      session = await connect(gateway.url, era);
    });

    it("reads each world's source under its own URI", async () => {
      const { resources } = await session.client.listResources();
      const uris = resources.map((resource) => resource.uri);
      for (const uri of ["world://source", "world://w2__source", "ui://w2__world/map.html"]) {
        expect(uris).toContain(uri);
      }
      const own = await readText(session.client, "world://source");
      const other = await readText(session.client, "world://w2__source");
      expect(own).toMatchObject({ uri: "world://source", text: readFileSync(first, "utf8") });
      expect(other).toMatchObject({
        uri: "world://w2__source",
        text: readFileSync(second, "utf8"),
      });
    });

    it("answers each world's tools from that world, linking its own map", async () => {
      const name = async (tool: string) => {
        const result = await call(session.client, tool);
        return (result.structuredContent as { world_name?: string }).world_name;
      };
      expect(await name("get_world_metadata")).toBe("key-puzzle");
      expect(await name("w2__get_world_metadata")).toBe("the-locked-garden");
      const tools = await toolsOf(session.client);
      expect(viewOf(tools.get("get_exit_graph"))).toBe("ui://world/map.html");
      expect(viewOf(tools.get("w2__get_exit_graph"))).toBe("ui://w2__world/map.html");
      const map = await readText(session.client, "ui://w2__world/map.html");
      expect(map).toMatchObject({ uri: "ui://w2__world/map.html", text: WORLD_MAP_VIEW });
    });
  });

  it("tells a subscriber of the prefixed source of its change, under the prefixed URI", async () => {
    const session = await connect(gateway.url, "legacy");
    await session.client.subscribeResource({ uri: "world://w2__source" });
    await session.client.subscribeResource({ uri: "world://source" });
    const changed = `${readFileSync(second, "utf8")}\n`;
    writeFileSync(second, changed);
    await waitFor(
      () => updates(session, "world://w2__source") > 0,
      "the update of world://w2__source",
    );
    expect((await readText(session.client, "world://w2__source")).text).toBe(changed);
    await sleep(300);
    expect(new Set(updatedUris(session))).toEqual(new Set(["world://w2__source"]));
  });
});

describe("two fixture copies, one plain and two prefixed (one shared, one per session)", () => {
  let gateway: HttpChild;
  const copy = (name: string, keys: Record<string, unknown> = {}) =>
    fixtureStdio(["--name", name, "--view"], keys);

  beforeAll(async () => {
    const config = writeConfig({
      mcpServers: {
        left: copy("left"),
        right: copy("right", { prefix: "r" }),
        solo: copy("solo", { prefix: "s", per_session: true }),
      },
    });
    gateway = await startGatewayHttp(["--config", config]);
  });

  describe.each(ERAS)("for a %s client", (era) => {
    let session: EraClient;

    beforeAll(async () => {
      session = await connect(gateway.url, era);
    });

    it("lists the resources and templates of each under its own URIs", async () => {
      const { resources } = await session.client.listResources();
      const uris = resources.map((resource) => resource.uri);
      for (const uri of ["fixture://item/1", "fixture://r__item/1", "fixture://s__item/1"]) {
        expect(uris).toContain(uri);
      }
      for (const uri of ["ui://left/panel.html", "ui://r__right/panel.html"]) {
        expect(uris).toContain(uri);
      }
      const { resourceTemplates } = await session.client.listResourceTemplates();
      expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual([
        "fixture://item/{id}",
        "fixture://r__item/{id}",
        "fixture://s__item/{id}",
      ]);
    });

    it("reads a URI of a prefixed template from that copy, under the URI asked", async () => {
      expect(await readText(session.client, "fixture://r__item/7")).toEqual({
        uri: "fixture://r__item/7",
        mimeType: "text/plain",
        text: "item 7 of right",
      });
      expect((await readText(session.client, "fixture://s__item/7")).text).toBe("item 7 of solo");
      expect((await readText(session.client, "fixture://item/7")).text).toBe("item 7 of left");
      expect((await readText(session.client, "ui://r__right/panel.html")).text).toBe(
        viewHtml("right"),
      );
    });

    it("rewrites the view and resource links of a prefixed copy's tool results", async () => {
      const link = "ui://right/panel.html";
      const args = {
        result_meta: { ui: { resourceUri: link }, "ui/resourceUri": link, other: link },
        result_content: [
          { type: "resource_link", uri: "fixture://item/2", name: "item-2" },
          { type: "text", text: link },
        ],
      };
      const result = (await call(session.client, "r__echo", args)) as CallToolResult;
      const exposed = "ui://r__right/panel.html";
      // A modern answer's _meta also names the server that answered (the SDK's own key).
      expect(result._meta).toMatchObject({
        ui: { resourceUri: exposed },
        "ui/resourceUri": exposed,
        other: link,
      });
      expect(result.content).toEqual([
        { type: "resource_link", uri: "fixture://r__item/2", name: "item-2" },
        { type: "text", text: link },
      ]);
      const plain = (await call(session.client, "echo", args)) as CallToolResult;
      expect(plain._meta).toMatchObject(args.result_meta);
      expect(plain.content).toEqual(args.result_content);
    });
  });

  it("passes subscriptions upstream as the copy's own URIs and updates back as the client's", async () => {
    const session = await connect(gateway.url, "legacy");
    for (const uri of ["fixture://item/2", "fixture://r__item/2", "fixture://s__item/2"]) {
      await session.client.subscribeResource({ uri });
    }
    for (const [tool, name] of [
      ["touch", "left"],
      ["r__touch", "right"],
      ["s__touch", "solo"],
    ] as const) {
      const touched = await call(session.client, tool, { uri: "fixture://item/2" });
      expect(touched.isError, `${name} touched`).toBeFalsy();
    }
    for (const uri of ["fixture://item/2", "fixture://r__item/2", "fixture://s__item/2"]) {
      await waitFor(() => updates(session, uri) === 1, `one update of ${uri}`);
    }
    await sleep(300);
    expect(updatedUris(session)).toHaveLength(3);
    const recordOf = async (tool: string) =>
      (await readRecord(session.client, tool)).subscribe.map((entry) => entry.uri);
    expect(await recordOf("r___record")).toEqual(["fixture://item/2"]);
    expect(await recordOf("s___record")).toEqual(["fixture://item/2"]);
    await session.client.unsubscribeResource({ uri: "fixture://r__item/2" });
    expect(
      (await readRecord(session.client, "r___record")).unsubscribe.map((entry) => entry.uri),
    ).toEqual(["fixture://item/2"]);
    await call(session.client, "r__touch", { uri: "fixture://item/2" });
    await sleep(300);
    expect(updates(session, "fixture://r__item/2")).toBe(1);
  });
});

describe("a prefixed HTTP upstream that restarts", () => {
  it("gets a session's subscription again under its own URI, and the update comes back", async () => {
    let remote = await startFixtureHttpProcess(["--name", "remote"]);
    const config = writeConfig({ mcpServers: { remote: { url: remote.url, prefix: "h" } } });
    const gateway = await startGatewayHttp(["--config", config]);
    const session = await connect(gateway.url, "legacy");
    await session.client.subscribeResource({ uri: "fixture://h__item/3" });
    const subscribed = async () =>
      (await directRecord(remote.url)).subscriptions.map((entry) => entry.uri);
    expect(await subscribed()).toEqual(["fixture://item/3"]);

    await remote.stop();
    remote = await startFixtureHttpProcess(["--name", "remote"], remote.port);
    await waitFor(
      async () => (await subscribed()).includes("fixture://item/3"),
      "the subscription made again on the restarted upstream",
      20_000,
    );
    expect(await subscribed()).toEqual(["fixture://item/3"]);
    expect(
      (await call(session.client, "h__touch", { uri: "fixture://item/3" })).isError,
    ).toBeFalsy();
    await waitFor(() => updates(session, "fixture://h__item/3") === 1, "the update after it");
  }, 60_000);
});

describe("a prefixed builtin's resources under a token table", () => {
  const PLAYER = "prefix-player-token-0123456789";
  const READER = "prefix-reader-token-0123456789";
  let gateway: HttpChild;

  beforeAll(async () => {
    const folder = tempFolder();
    const world = join(folder, "key-puzzle.urd.md");
    copyFileSync(join(WORLD_FIXTURES, "two-room-key-puzzle.urd.md"), world);
    const digest = (token: string) => createHash("sha256").update(token).digest("hex");
    const table = join(folder, "tokens.json");
    writeFileSync(
      table,
      JSON.stringify({
        tokens: [
          { sha256: digest(PLAYER), sub: "player", scopes: ["tabletop:play"] },
          { sha256: digest(READER), sub: "reader", scopes: ["campaign:read"] },
        ],
      }),
    );
    const config = writeConfig(
      { mcpServers: { w2: { builtin: "world", options: { worldPath: world }, prefix: "w2" } } },
      folder,
    );
    gateway = await startGatewayHttp(["--config", config, "--auth-tokens", table]);
  });

  it.each(ERAS)("need the scope the builtin names for its own URI (%s)", async (era) => {
    const player = await connect(gateway.url, era, PLAYER);
    expect((await readText(player.client, "world://w2__source")).uri).toBe("world://w2__source");
    const reader = await connect(gateway.url, era, READER);
    const refused = await reader.client.readResource({ uri: "world://w2__source" }).then(
      () => "read",
      (error: unknown) => String(error),
    );
    // The SDK client's reading of the gateway's 403 insufficient_scope.
    expect(refused).toContain('Insufficient scope: required "tabletop:play"');
  });
});

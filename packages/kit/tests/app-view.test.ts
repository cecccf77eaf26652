import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import {
  RESOURCE_MIME_TYPE,
  RESOURCE_URI_META_KEY,
  registerAppResource,
  registerAppTool,
} from "@modelcontextprotocol/ext-apps/server";
import type { Tool as ToolListing } from "@modelcontextprotocol/server";
import { InMemoryTransport, McpServer } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import {
  APP_VIEW_MIME_TYPE,
  type AppView,
  appViewToolMeta,
  createKitServer,
  defineAppView,
  defineTool,
  linkAppViews,
} from "../src/index.js";
import { connectInMemory, type TestConnection } from "../src/testing.js";

const VIEW_URI = "ui://kit-test/echo.html";
const HTML =
  '<!doctype html><html lang="en"><head><title>Echo</title></head><body>echo</body></html>';

const echo = defineTool({
  name: "echo",
  title: "Echo",
  description: "Answers with the text it was given.",
  input: z.strictObject({ text: z.string() }),
  output: z.object({ text: z.string() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  handler: ({ text }) => ({ text }),
});

const shout = defineTool({
  name: "shout",
  title: "Shout",
  description: "Answers with the text in capitals.",
  input: z.strictObject({ text: z.string() }),
  output: z.object({ text: z.string() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  handler: ({ text }) => ({ text: text.toUpperCase() }),
});

/** What the extension's own helpers register on an SDK McpServer: the reference to match. */
async function referenceServer(): Promise<Client> {
  const server = new McpServer({ name: "reference", version: "1.0.0" });
  registerAppTool(
    server,
    "echo",
    {
      description: "Answers with the text it was given.",
      _meta: { ui: { resourceUri: VIEW_URI } },
    },
    () => ({ content: [] }),
  );
  registerAppResource(server, "echo-view", VIEW_URI, { description: "Echoes" }, () => ({
    contents: [],
  }));
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: "reference-test", version: "1.0.0" });
  await client.connect(clientTransport);
  return client;
}

function listing(tools: ToolListing[], name: string): ToolListing {
  const found = tools.find((tool) => tool.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

describe("views linked to tools (MCP Apps)", () => {
  let folder: string;
  let view: AppView;
  let linked: TestConnection;
  let plain: TestConnection;
  let reference: Client;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "kit-app-view-"));
    await writeFile(join(folder, "echo.html"), HTML);
    view = defineAppView({
      uri: VIEW_URI,
      name: "echo-view",
      title: "Echo view",
      description: "Echoes",
      file: pathToFileURL(join(folder, "echo.html")),
    });
    const tools = linkAppViews([echo, shout], new Map([["echo", view]]));
    linked = await connectInMemory(
      createKitServer({ name: "linked", version: "1.0.0", tools, resources: [view.resource] }),
    );
    plain = await connectInMemory(
      createKitServer({ name: "plain", version: "1.0.0", tools: [echo, shout] }),
    );
    reference = await referenceServer();
  });

  afterAll(async () => {
    await Promise.all([linked.close(), plain.close(), reference.close()]);
    await rm(folder, { recursive: true, force: true });
  });

  it("names the view in the linked tool's listing exactly as registerAppTool does", async () => {
    const { tools } = await linked.client.listTools();
    const expected = listing((await reference.listTools()).tools, "echo")._meta;
    expect(expected).toEqual({ ui: { resourceUri: VIEW_URI }, "ui/resourceUri": VIEW_URI });
    expect(listing(tools, "echo")._meta).toEqual(expected);
    expect(listing(tools, "shout")._meta).toBeUndefined();
  });

  it("changes nothing else in the listings", async () => {
    const linkedTools = (await linked.client.listTools()).tools;
    const plainTools = (await plain.client.listTools()).tools;
    const { _meta, ...linkedEcho } = listing(linkedTools, "echo");
    expect(linkedEcho).toEqual(listing(plainTools, "echo"));
    expect(listing(linkedTools, "shout")).toEqual(listing(plainTools, "shout"));
  });

  it("answers a linked tool's calls byte for byte as the unlinked tool", async () => {
    const args = { text: "Hope and Fear" };
    const fromLinked = await linked.client.callTool({ name: "echo", arguments: args });
    const fromPlain = await plain.client.callTool({ name: "echo", arguments: args });
    expect(JSON.stringify(fromLinked)).toBe(JSON.stringify(fromPlain));
    const refused = await linked.client.callTool({ name: "echo", arguments: { text: 4 } });
    const refusedPlain = await plain.client.callTool({ name: "echo", arguments: { text: 4 } });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused)).toBe(JSON.stringify(refusedPlain));
  });

  it("lists the view with the MIME type registerAppResource gives it", async () => {
    const { resources } = await linked.client.listResources();
    const expected = (await reference.listResources()).resources[0]?.mimeType;
    expect(expected).toBe("text/html;profile=mcp-app");
    expect(resources).toEqual([
      {
        uri: VIEW_URI,
        name: "echo-view",
        title: "Echo view",
        description: "Echoes",
        mimeType: expected,
      },
    ]);
  });

  it("serves the built HTML when the view is read", async () => {
    const read = await linked.client.readResource({ uri: VIEW_URI });
    expect(read.contents).toEqual([
      { uri: VIEW_URI, mimeType: "text/html;profile=mcp-app", text: HTML },
    ]);
  });

  it("uses the extension's own MIME type and flat meta key", () => {
    expect(APP_VIEW_MIME_TYPE).toBe(RESOURCE_MIME_TYPE);
    expect(appViewToolMeta(VIEW_URI)).toEqual({
      ui: { resourceUri: VIEW_URI },
      [RESOURCE_URI_META_KEY]: VIEW_URI,
    });
  });

  it("keeps a linked tool's raised answer limit", async () => {
    const long = defineTool({
      name: "long",
      title: "Long",
      description: "Answers with a text of the asked length.",
      input: z.strictObject({ length: z.int().min(1).max(200_000) }),
      output: z.object({ text: z.string() }),
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
      maxAnswerBytes: 1_048_576,
      handler: ({ length }) => ({ text: "x".repeat(length) }),
    });
    const [linked] = linkAppViews([long], new Map([["long", view]]));
    const server = createKitServer({
      name: "long",
      version: "1.0.0",
      tools: [linked as typeof long],
    });
    const connection = await connectInMemory(server);
    const result = await connection.client.callTool({
      name: "long",
      arguments: { length: 100_000 },
    });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { text: string }).text).toHaveLength(100_000);
    await connection.close();
  });

  it("refuses a link to a tool the server does not have", () => {
    expect(() => linkAppViews([echo], new Map([["ehco", view]]))).toThrow(
      "A view is linked to ehco, which is not a tool here",
    );
  });

  it("says which file is missing when a view has not been built", async () => {
    const missing = pathToFileURL(join(folder, "never-built.html"));
    const unbuilt = defineAppView({
      uri: "ui://kit-test/unbuilt.html",
      name: "unbuilt",
      title: "Unbuilt",
      description: "Never built",
      file: missing,
    });
    const server = createKitServer({
      name: "unbuilt",
      version: "1.0.0",
      tools: [echo],
      resources: [unbuilt.resource],
    });
    const connection = await connectInMemory(server);
    await expect(
      connection.client.readResource({ uri: "ui://kit-test/unbuilt.html" }),
    ).rejects.toThrow(`${join(folder, "never-built.html")} is missing`);
    await connection.close();
  });
});

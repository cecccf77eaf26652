import { Client, InMemoryTransport, ProtocolError } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import {
  createKitServer,
  defineResource,
  defineResourceTemplate,
  unknownCursorError,
} from "../src/index.js";

const ITEMS = ["a", "b", "c", "d", "e"];

/** A server with a fixed resource, a template listing ITEMS two at a time, and one listing all. */
async function session(): Promise<Client> {
  const server = createKitServer({
    name: "resource-list-test",
    version: "1.0.0",
    tools: [],
    resources: [
      defineResource({
        uri: "fixed://one",
        name: "one",
        description: "A fixed resource.",
        mimeType: "text/plain",
        read: () => ({ text: "1" }),
      }),
    ],
    resourceTemplates: [
      defineResourceTemplate({
        uriTemplate: "item://{name}",
        name: "item",
        description: "An item.",
        mimeType: "text/plain",
        list: (_context, cursor) => {
          const start = cursor === undefined ? 0 : ITEMS.indexOf(cursor) + 1;
          if (cursor !== undefined && start === 0) throw unknownCursorError();
          const names = ITEMS.slice(start, start + 2);
          const last = names.at(-1);
          const more = start + 2 < ITEMS.length;
          return {
            resources: names.map((name) => ({ uri: `item://${name}`, name })),
            ...(more && last ? { nextCursor: last } : {}),
          };
        },
        read: () => ({ text: "item" }),
      }),
      defineResourceTemplate({
        uriTemplate: "tag://{name}",
        name: "tag",
        description: "A tag.",
        mimeType: "text/plain",
        list: () => [{ uri: "tag://x", name: "x" }],
        read: () => ({ text: "tag" }),
      }),
    ],
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "resource-list-test", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

describe("resources/list", () => {
  it("pages through every template's resources with opaque cursors, each once, in order", async () => {
    const client = await session();
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      // One page per request: the client's `listResources()` would gather every page itself.
      const params = cursor === undefined ? {} : { cursor };
      const page = await client.request({ method: "resources/list", params });
      pages.push(page.resources.map((resource) => resource.uri));
      cursor = page.nextCursor;
      if (cursor !== undefined) expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    } while (cursor !== undefined);
    expect(pages).toEqual([
      ["fixed://one", "item://a", "item://b"],
      ["item://c", "item://d"],
      ["item://e", "tag://x"],
    ]);
  });

  it.each([
    ["not base64url", "%%%"],
    ["not JSON", Buffer.from("nope").toString("base64url")],
    ["a template that does not exist", Buffer.from('[7,"a"]').toString("base64url")],
    ["a template that lists nothing", Buffer.from('[-1,"a"]').toString("base64url")],
    ["a cursor its template does not know", Buffer.from('[0,"zzz"]').toString("base64url")],
    ["the empty string", ""],
  ])("refuses a cursor that is %s, naming cursor", async (_name, cursor) => {
    const client = await session();
    const refused = await client
      .request({ method: "resources/list", params: { cursor } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProtocolError);
    expect({
      code: (refused as ProtocolError).code,
      message: (refused as ProtocolError).message,
    }).toEqual({
      code: -32602,
      message: "params.cursor is not a cursor this server gave; list again without a cursor",
    });
  });
});

import { Client, InMemoryTransport, ProtocolError } from "@modelcontextprotocol/client";
import { ResultSchema } from "@modelcontextprotocol/core";
import { describe, expect, it } from "vitest";
import { createKitServer, defineResource, defineResourceTemplate } from "../src/index.js";

/** A session of a server with one fixed resource and one template. */
async function session(): Promise<Client> {
  const server = createKitServer({
    name: "subscription-uri-test",
    version: "1.0.0",
    tools: [],
    resources: [
      defineResource({
        uri: "counter://value",
        name: "counter",
        description: "A counter.",
        mimeType: "text/plain",
        read: () => ({ text: "0" }),
      }),
    ],
    resourceTemplates: [
      defineResourceTemplate({
        uriTemplate: "session://{id}/events",
        name: "events",
        description: "A session's events.",
        mimeType: "application/json",
        read: () => ({ text: "[]" }),
      }),
    ],
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "subscription-uri-test", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

async function request(client: Client, method: string, uri: string): Promise<ProtocolError | "ok"> {
  try {
    await client.request({ method, params: { uri } } as never, ResultSchema);
    return "ok";
  } catch (error) {
    if (error instanceof ProtocolError) return error;
    throw error;
  }
}

const NOT_SERVED =
  "params.uri names no resource of this server; use a URI from resources/list, or one of a template from resources/templates/list, without a fragment";

describe("resources/subscribe and resources/unsubscribe", () => {
  it("accept a fixed resource's URI and a URI of a template", async () => {
    const client = await session();
    for (const method of ["resources/subscribe", "resources/unsubscribe"]) {
      expect(await request(client, method, "counter://value")).toBe("ok");
      expect(await request(client, method, "session://s1/events")).toBe("ok");
    }
  });

  it.each([
    ["a foreign scheme", "zzz://anything"],
    ["an upper-case scheme", "SESSION://s1/events"],
    ["a fragment", "session://s1/events#latest"],
    ["a fragment on a fixed URI", "counter://value#x"],
    ["a longer path", "counter://value/more"],
    ["an empty URI", ""],
  ])("refuse %s, naming uri", async (_name, uri) => {
    const client = await session();
    for (const method of ["resources/subscribe", "resources/unsubscribe"]) {
      const error = (await request(client, method, uri)) as ProtocolError;
      expect({ code: error.code, message: error.message, data: error.data }).toEqual({
        code: -32602,
        message: NOT_SERVED,
        data: { uri },
      });
    }
  });
});

import { Client, SSEClientTransport } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import type { HttpHandle } from "../../src/http/index.js";
import { connectHttp, connectStdio, startHttpFixture, structured } from "./harness.js";

/** Every scope of the project's scope table: the local user and the shared token hold them all. */
const EVERY_SCOPE = ["tabletop:play", "campaign:read", "campaign:write", "gateway:admin"];

const handles: HttpHandle[] = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});

async function readReader(client: Client): Promise<unknown> {
  const { contents } = await client.readResource({ uri: "whoami://reader" });
  const first = contents[0];
  if (!first || !("text" in first)) throw new Error("expected a text resource");
  return JSON.parse(first.text);
}

describe("the caller's identity reaches tools and resources", () => {
  it("is the local user over stdio", async () => {
    const { client } = await connectStdio();
    clients.push(client);
    const expected = { subject: "local", scopes: EVERY_SCOPE };
    expect(structured(await client.callTool({ name: "whoami", arguments: {} }))).toEqual(expected);
    expect(await readReader(client)).toEqual(expected);
  });

  it("is the local user over HTTP without auth", async () => {
    const handle = await startHttpFixture();
    handles.push(handle);
    const client = await connectHttp(handle.url);
    clients.push(client);
    const expected = { subject: "local", scopes: EVERY_SCOPE };
    expect(structured(await client.callTool({ name: "whoami", arguments: {} }))).toEqual(expected);
    expect(await readReader(client)).toEqual(expected);
  });

  it("is the user token, with every scope, for the holder of the shared token", async () => {
    const handle = await startHttpFixture({ authToken: "shared-secret" });
    handles.push(handle);
    const client = await connectHttp(handle.url, { authorization: "Bearer shared-secret" });
    clients.push(client);
    const expected = { subject: "token", scopes: EVERY_SCOPE };
    expect(structured(await client.callTool({ name: "whoami", arguments: {} }))).toEqual(expected);
    expect(await readReader(client)).toEqual(expected);
  });

  it("is the user token over the legacy SSE transport too", async () => {
    const handle = await startHttpFixture({ authToken: "shared-secret" });
    handles.push(handle);
    const headers = { authorization: "Bearer shared-secret" };
    const client = new Client({ name: "kit-test", version: "1.0.0" });
    await client.connect(
      new SSEClientTransport(new URL(handle.url.replace(/\/mcp$/, "/sse")), {
        requestInit: { headers },
        eventSourceInit: {
          fetch: (url, init) =>
            fetch(url, { ...init, headers: { ...(init?.headers ?? {}), ...headers } }),
        },
      }),
    );
    clients.push(client);
    const result = structured(await client.callTool({ name: "whoami", arguments: {} }));
    expect(result).toEqual({ subject: "token", scopes: EVERY_SCOPE });
  });
});

import { ListRootsResultSchema } from "@modelcontextprotocol/core";
import type {
  AuthInfo,
  CallToolResult,
  JSONRPCNotification,
  Progress,
} from "@modelcontextprotocol/server";
import {
  LATEST_PROTOCOL_VERSION,
  ProtocolError,
  ProtocolErrorCode,
  SdkErrorCode,
  Server,
} from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { type DirectToolCalls, InProcessConnection } from "../../src/in-process/index.js";
import {
  createKitServer,
  defineResource,
  defineResourceTemplate,
  defineTool,
  type KitServer,
  ResourceHub,
} from "../../src/index.js";

const CLIENT = { clientInfo: { name: "in-process-test", version: "9.8.7" }, capabilities: {} };

const add = defineTool({
  name: "add",
  title: "Add",
  description: "Adds two integers.",
  input: z.strictObject({ a: z.number().int(), b: z.number().int() }),
  output: z.object({ sum: z.number() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  handler: ({ a, b }) => ({ sum: a + b }),
});

const count = defineTool({
  name: "count",
  title: "Count",
  description: "Reports progress from 1 to n, then answers n.",
  input: z.strictObject({ n: z.number().int() }),
  output: z.object({ counted: z.number() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  handler: async ({ n }, context) => {
    for (let step = 1; step <= n; step++) await context.progress(step, n, `step ${step}`);
    return { counted: n };
  },
});

/** What the `wait` tool tells the test: that it started, and why its signal aborted. */
const waitEvents = { started: () => {}, aborted: (_reason: unknown) => {} };
const wait = defineTool({
  name: "wait",
  title: "Wait",
  description: "Waits until cancelled.",
  input: z.strictObject({}),
  output: z.object({}),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  handler: (_args, context) =>
    new Promise((_resolve, reject) => {
      context.signal.addEventListener("abort", () => {
        waitEvents.aborted(context.signal.reason);
        reject(context.signal.reason);
      });
      waitEvents.started();
    }),
});

const notes = defineResourceTemplate({
  uriTemplate: "note://{id}",
  name: "note",
  description: "A note.",
  mimeType: "text/plain",
  read: (_uri, variables) => ({ text: `note ${variables.id}` }),
});

function kitServer(hub = new ResourceHub()): KitServer {
  return createKitServer(
    {
      name: "test-server",
      version: "1.2.3",
      instructions: "Use me for sums.",
      tools: [add, count, wait],
      resourceTemplates: [notes],
    },
    { hub },
  );
}

describe("an in-process connection's handshake", () => {
  it("gives the server's own name, instructions, capabilities and the revision agreed", async () => {
    const connection = await InProcessConnection.open(kitServer(), CLIENT);
    expect(connection.serverInfo).toEqual({ name: "test-server", version: "1.2.3" });
    expect(connection.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    expect(connection.instructions).toBe("Use me for sums.");
    expect(connection.serverCapabilities.tools).toEqual({ listChanged: true });
    expect(connection.serverCapabilities.resources).toEqual({ subscribe: true, listChanged: true });
    await connection.close();
  });

  it("introduces the client to the server as given", async () => {
    const server = new Server({ name: "plain", version: "0" }, { capabilities: {} });
    const client = { clientInfo: { name: "someone", version: "2" }, capabilities: { roots: {} } };
    const connection = await InProcessConnection.open(server, client);
    expect(server.getClientVersion()).toEqual(client.clientInfo);
    expect(server.getClientCapabilities()).toEqual({ roots: {} });
    await connection.close();
  });
});

/** Opens a connection to a kit server that runs its tool calls in the server's own handler. */
function openDirect(server: KitServer): Promise<InProcessConnection> {
  return InProcessConnection.open(server, CLIENT, {}, server.directToolCalls);
}

describe("requests over an in-process connection", () => {
  it("reach the tool through the kit's validation and return its result", async () => {
    const connection = await openDirect(kitServer());
    const sum = (await connection.request({
      method: "tools/call",
      params: { name: "add", arguments: { a: 2, b: 3 } },
    })) as CallToolResult;
    expect(sum.structuredContent).toEqual({ sum: 5 });
    const refused = (await connection.request({
      method: "tools/call",
      params: { name: "add", arguments: { a: 2, b: 3, c: 4 } },
    })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toEqual({
      error: {
        message: "Invalid parameters provided",
        details: [{ parameter: "c", issue: "Unknown parameter; valid parameters are a, b" }],
      },
    });
    await connection.close();
  });

  it("reject with the server's JSON-RPC error", async () => {
    const connection = await InProcessConnection.open(kitServer(), CLIENT);
    // The kit server offers no completions: the method is not found.
    const failed = connection.request({
      method: "completion/complete",
      params: { ref: { type: "ref/prompt", name: "x" }, argument: { name: "a", value: "" } },
    });
    await expect(failed).rejects.toBeInstanceOf(ProtocolError);
    await expect(failed).rejects.toMatchObject({ code: ProtocolErrorCode.MethodNotFound });
    await connection.close();
  });
});

/**
 * The `count` and `wait` tools on a plain SDK server, whose tool calls travel through its
 * transport; a kit server's are made directly in its own handler when the connection is given
 * its `directToolCalls`, and through its transport when not. All must behave alike.
 */
function plainServer(): Server {
  const server = new Server({ name: "plain", version: "0" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/call", async (request, ctx) => {
    if (request.params.name === "wait") {
      return new Promise((_resolve, reject) => {
        ctx.mcpReq.signal.addEventListener("abort", () => {
          waitEvents.aborted(ctx.mcpReq.signal.reason);
          reject(ctx.mcpReq.signal.reason);
        });
        waitEvents.started();
      });
    }
    const n = Number(request.params.arguments?.n);
    const progressToken = request.params._meta?.progressToken;
    for (let step = 1; step <= n && progressToken !== undefined; step++) {
      const params = { progressToken, progress: step, total: n, message: `step ${step}` };
      await ctx.mcpReq.notify({ method: "notifications/progress", params });
    }
    return { content: [], structuredContent: { counted: n } };
  });
  return server;
}

/** Resolves once the `wait` tool runs, and with the reason its signal aborted. */
function watchWait(): { started: Promise<void>; aborted: Promise<unknown> } {
  const started = new Promise<void>((resolve) => {
    waitEvents.started = resolve;
  });
  const aborted = new Promise((resolve) => {
    waitEvents.aborted = resolve;
  });
  return { started, aborted };
}

/** A server and the fast path a connection to it is opened with, if any. */
interface Target {
  server: Server;
  toolCalls?: DirectToolCalls;
}

function directKitServer(): Target {
  const server = kitServer();
  return { server, toolCalls: server.directToolCalls };
}

describe.each([
  ["a kit server, its tool calls made in its own handler", directKitServer],
  [
    "a kit server opened without its fast path, through its transport",
    () => ({ server: kitServer() }),
  ],
  ["a plain SDK server, its tool calls through its transport", () => ({ server: plainServer() })],
])("tool calls to %s", (_label, makeTarget: () => Target) => {
  const open = ({ server, toolCalls }: Target) =>
    InProcessConnection.open(server, CLIENT, {}, toolCalls);

  it("deliver the server's progress in order, before the result", async () => {
    const connection = await open(makeTarget());
    const seen: unknown[] = [];
    await connection
      .request(
        { method: "tools/call", params: { name: "count", arguments: { n: 3 } } },
        { onprogress: (progress: Progress) => seen.push(progress) },
      )
      .then((result) => seen.push((result as CallToolResult).structuredContent));
    expect(seen).toEqual([
      { progress: 1, total: 3, message: "step 1" },
      { progress: 2, total: 3, message: "step 2" },
      { progress: 3, total: 3, message: "step 3" },
      { counted: 3 },
    ]);
    await connection.close();
  });

  it("are cancelled in the server when their signal aborts", async () => {
    const connection = await open(makeTarget());
    const { started, aborted } = watchWait();
    const controller = new AbortController();
    const call = connection.request(
      { method: "tools/call", params: { name: "wait", arguments: {} } },
      { signal: controller.signal },
    );
    await started;
    controller.abort("enough");
    await expect(call).rejects.toBe("enough");
    expect(await aborted).toBe("enough");
    await connection.close();
  });

  it("fail once the connection closes, the handler stops and the server hears of it", async () => {
    const target = makeTarget();
    const { server } = target;
    let serverClosed = false;
    const previous = server.onclose;
    server.onclose = () => {
      serverClosed = true;
      previous?.();
    };
    const connection = await open(target);
    const { started, aborted } = watchWait();
    const waiting = connection.request({
      method: "tools/call",
      params: { name: "wait", arguments: {} },
    });
    await started;
    await connection.close();
    await expect(waiting).rejects.toMatchObject({ code: SdkErrorCode.ConnectionClosed });
    await aborted;
    expect(serverClosed).toBe(true);
    await expect(connection.request({ method: "tools/list" })).rejects.toMatchObject({
      code: SdkErrorCode.ConnectionClosed,
    });
  });
});

describe("what the server sends on its own", () => {
  it("reaches the notification handler: updates of subscribed resources only", async () => {
    const hub = new ResourceHub();
    const received: JSONRPCNotification[] = [];
    const connection = await InProcessConnection.open(kitServer(hub), CLIENT, {
      notification: (notification) => received.push(notification),
    });
    await connection.request({ method: "resources/subscribe", params: { uri: "note://1" } });
    hub.updated("note://1");
    hub.updated("note://2");
    await connection.request({ method: "resources/unsubscribe", params: { uri: "note://1" } });
    hub.updated("note://1");
    await expect.poll(() => received.length).toBe(1);
    expect(received).toEqual([
      { jsonrpc: "2.0", method: "notifications/resources/updated", params: { uri: "note://1" } },
    ]);
    await connection.close();
  });
});

describe("requests of the server for the client", () => {
  /** A server whose tool asks the client for its roots and answers with what it heard. */
  function askingServer(cancelAfterMs?: number): Server {
    const server = new Server({ name: "asking", version: "0" }, { capabilities: { tools: {} } });
    server.setRequestHandler("tools/call", async (_request, ctx) => {
      const controller = new AbortController();
      if (cancelAfterMs !== undefined)
        setTimeout(() => controller.abort("changed my mind"), cancelAfterMs);
      try {
        const answer = await ctx.mcpReq.send({ method: "roots/list" }, ListRootsResultSchema, {
          signal: controller.signal,
        });
        return { content: [{ type: "text", text: answer.roots.map((root) => root.uri).join() }] };
      } catch (error) {
        return { content: [{ type: "text", text: String(error) }], isError: true };
      }
    });
    return server;
  }
  const rootsClient = { clientInfo: CLIENT.clientInfo, capabilities: { roots: {} } };
  const call = { method: "tools/call", params: { name: "any", arguments: {} } };

  it("are answered by the client's handler", async () => {
    const connection = await InProcessConnection.open(askingServer(), rootsClient, {
      request: async (request) => {
        expect(request.method).toBe("roots/list");
        return { roots: [{ uri: "file:///table", name: "table" }] };
      },
    });
    const result = (await connection.request(call)) as CallToolResult;
    expect(result.content).toEqual([{ type: "text", text: "file:///table" }]);
    await connection.close();
  });

  it('are answered "Method not found" without a handler', async () => {
    const connection = await InProcessConnection.open(askingServer(), rootsClient);
    const result = (await connection.request(call)) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: "text", text: "ProtocolError: Method not found" }]);
    await connection.close();
  });

  it("abort the handler's signal when the server cancels them", async () => {
    let handlerSaw: unknown;
    const connection = await InProcessConnection.open(askingServer(10), rootsClient, {
      request: (_request, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener("abort", () => {
            handlerSaw = signal.reason;
            reject(signal.reason);
          });
        }),
    });
    const result = (await connection.request(call)) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(handlerSaw).toBe("changed my mind");
    await connection.close();
  });
});

/** Who the handlers of a kit server were told is calling, by tool and by resource. */
function identityEchoServer(): KitServer {
  const identityShape = z.object({
    subject: z.string(),
    name: z.string().optional(),
    clientId: z.string().optional(),
    scopes: z.array(z.string()),
  });
  const whoami = defineTool({
    name: "whoami",
    title: "Who am I",
    description: "Answers the caller's identity.",
    input: z.strictObject({}),
    output: identityShape,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
    handler: (_args, context) => ({ ...context.identity, scopes: [...context.identity.scopes] }),
  });
  const me = defineResource({
    uri: "who://me",
    name: "me",
    description: "The reader's identity.",
    mimeType: "application/json",
    read: (context) => ({ text: JSON.stringify(context.identity) }),
  });
  return createKitServer({ name: "echo", version: "0", tools: [whoami], resources: [me] });
}

describe("the caller's authInfo given with a request", () => {
  const authInfo: AuthInfo = {
    token: "opaque-token",
    clientId: "table-app",
    scopes: ["tabletop:play", "campaign:read"],
    extra: { sub: "alice", name: "Alice Doe" },
  };
  // What identityFromAuthInfo documents: subject from extra.sub, name from extra.name.
  const alice = {
    subject: "alice",
    name: "Alice Doe",
    clientId: "table-app",
    scopes: ["tabletop:play", "campaign:read"],
  };
  const whoami = { method: "tools/call", params: { name: "whoami", arguments: {} } };

  it("is the identity of a tool called directly, with or without the caller's signal", async () => {
    const connection = await openDirect(identityEchoServer());
    /* @mcp-codemod-error This object looks like a v1 handler-context mock (authInfo). v2 nests the context — reshape it (authInfo → http.authInfo), e.g. { sendRequest: fn } → { mcpReq: { send: fn } }. Passed as-is to a migrated handler that reads ctx.mcpReq.*, the v1 shape throws "Cannot read properties of undefined". */
    const unsignalled = (await connection.request(whoami, { authInfo })) as CallToolResult;
    const signal = new AbortController().signal;
    /* @mcp-codemod-error This object looks like a v1 handler-context mock (authInfo, signal). v2 nests the context — reshape it (authInfo → http.authInfo; signal → mcpReq.signal), e.g. { sendRequest: fn } → { mcpReq: { send: fn } }. Passed as-is to a migrated handler that reads ctx.mcpReq.*, the v1 shape throws "Cannot read properties of undefined". */
    const signalled = (await connection.request(whoami, { authInfo, signal })) as CallToolResult;
    expect(unsignalled.structuredContent).toEqual(alice);
    expect(signalled.structuredContent).toEqual(alice);
    await connection.close();
  });

  it("is the identity of a resource read through the server's transport", async () => {
    const connection = await InProcessConnection.open(identityEchoServer(), CLIENT);
    const read = (await connection.request(
      { method: "resources/read", params: { uri: "who://me" } },
      /* @mcp-codemod-error This object looks like a v1 handler-context mock (authInfo). v2 nests the context — reshape it (authInfo → http.authInfo), e.g. { sendRequest: fn } → { mcpReq: { send: fn } }. Passed as-is to a migrated handler that reads ctx.mcpReq.*, the v1 shape throws "Cannot read properties of undefined". */
      { authInfo },
    )) as { contents: { text: string }[] };
    expect(JSON.parse(read.contents[0]?.text ?? "null")).toEqual(alice);
    await connection.close();
  });

  it("leaves the caller the local user when there is none", async () => {
    const connection = await openDirect(identityEchoServer());
    const answer = (await connection.request(whoami)) as CallToolResult;
    expect((answer.structuredContent as { subject: string }).subject).toBe("local");
    await connection.close();
  });
});

describe("the fast path of a kit server's tool calls", () => {
  // Arguments that are not an object tell the two paths apart: over a transport the SDK refuses
  // the request itself; run directly, the kit's own validation answers.
  const notAnObject = {
    method: "tools/call",
    params: { name: "add", arguments: [2, 3] as unknown as Record<string, unknown> },
  };

  it("runs the call in the server's own handler when the connection is given it", async () => {
    const connection = await openDirect(kitServer());
    const answer = (await connection.request(notAnObject)) as CallToolResult;
    await connection.close();
    expect(answer.isError).toBe(true);
    expect(answer.structuredContent).toEqual({
      error: {
        message: "Invalid parameters provided",
        details: [{ parameter: "arguments", issue: "Expected an object, received array" }],
      },
    });
  });

  it("is not taken when the connection is opened without it", async () => {
    const connection = await InProcessConnection.open(kitServer(), CLIENT);
    const answer = connection.request(notAnObject);
    await expect(answer).rejects.toMatchObject({
      code: ProtocolErrorCode.InvalidParams,
      message: expect.stringMatching(/^Invalid tools\/call request/),
    });
    await connection.close();
  });

  it("is refused with another server, before the connection opens", async () => {
    const server = kitServer();
    const other = kitServer();
    await expect(
      InProcessConnection.open(server, CLIENT, {}, other.directToolCalls),
    ).rejects.toThrow(/toolCalls belong to another server/);
    const connection = await openDirect(server);
    expect(connection.serverInfo.name).toBe("test-server");
    await connection.close();
  });
});

// docs/gateway.md §7.7: the tasks extension of the 2026-07-28 revision, passed through. A client
// that declares it may get a task from an upstream that offers it, over HTTP and over stdio; the
// task's id is a handle of the gateway's own, bound to the caller, that `tasks/get`, `update`
// and `cancel` open to reach the upstream with its own id. A client that does not declare it,
// and every 2025 client, gets the result at once. Forged, tampered, foreign and undeclared
// requests are refused in the contract's shape, and the gateway keeps serving.
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import {
  createTaskSessionFromClient,
  resultFromTaskOutcome,
} from "@modelcontextprotocol/ext-tasks/client";
import { clientOptions } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  type HttpChild,
  MODERN_FIXTURE_ENTRY,
  sleep,
  startGatewayHttp,
  startModernFixture,
  tempFolder,
  writeConfig,
} from "../helpers/gateway.js";
import { modernMeta, openLegacySession, postModern, type RawAnswer } from "../helpers/raw-http.js";

const TASKS = "io.modelcontextprotocol/tasks";
const DECLARED = { extensions: { [TASKS]: {} } };
const TOKENS = {
  alice: "tasks-alice-token-0123456789abcdef",
  bob: "tasks-bob-token-0123456789abcdef",
};

let httpUpstream: HttpChild;
let gateway: HttpChild;
let twin: HttpChild;
let plain: HttpChild;

beforeAll(async () => {
  httpUpstream = await startModernFixture(["--name", "mt", "--tasks"]);
  const folder = tempFolder();
  const table = join(folder, "tokens.json");
  const digest = (token: string) => createHash("sha256").update(token).digest("hex");
  writeFileSync(
    table,
    JSON.stringify({
      tokens: Object.entries(TOKENS).map(([sub, token]) => ({
        sha256: digest(token),
        sub,
        scopes: ["tabletop:play"],
      })),
    }),
  );
  const stdioArgs = [MODERN_FIXTURE_ENTRY, "--transport", "stdio", "--name", "ms", "--tasks"];
  const config = writeConfig(
    {
      mcpServers: {
        overHttp: { url: httpUpstream.url, prefix: "t", scopes: ["tabletop:play"] },
        overStdio: { command: process.execPath, args: stdioArgs, prefix: "s" },
      },
    },
    folder,
  );
  gateway = await startGatewayHttp(["--config", config, "--auth-tokens", table]);
  twin = await startGatewayHttp(["--config", config, "--auth-tokens", table]);
  const plainUpstream = await startModernFixture(["--name", "mp"]);
  const plainConfig = writeConfig({ mcpServers: { plain: { url: plainUpstream.url } } });
  plain = await startGatewayHttp(["--config", plainConfig]);
});

afterAll(cleanupAll);

type Who = keyof typeof TOKENS;

/** One 2026-07-28 request to `target` as `who`, declaring the extension unless told not to. */
function ask(
  method: string,
  params: Record<string, unknown>,
  options: { who?: Who; declared?: boolean; target?: HttpChild } = {},
): Promise<RawAnswer> {
  const target = options.target ?? gateway;
  return postModern(target.url, method, params, {
    headers: { authorization: `Bearer ${TOKENS[options.who ?? "alice"]}` },
    capabilities: options.declared === false ? {} : DECLARED,
  });
}

/** The result of an answer that must have one. */
function resultOf(answer: RawAnswer): Record<string, unknown> {
  expect(answer.message.error, answer.text).toBeUndefined();
  expect(answer.message.result, answer.text).toBeDefined();
  return answer.message.result as Record<string, unknown>;
}

/** Polls `tasks/get` until the task leaves `working`; at most five seconds. */
async function settled(taskId: string, who: Who = "alice"): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const task = resultOf(await ask("tasks/get", { taskId }, { who }));
    if (task.status !== "working" || Date.now() > deadline) return task;
    await sleep(10);
  }
}

/** Starts a `slow` task through the gateway and returns what the call answered. */
async function startTask(
  tool: string,
  args: Record<string, unknown>,
  who: Who = "alice",
): Promise<Record<string, unknown>> {
  const created = resultOf(await ask("tools/call", { name: tool, arguments: args }, { who }));
  expect(created.resultType).toBe("task");
  expect(typeof created.taskId).toBe("string");
  return created;
}

describe("a client that declares the tasks extension", () => {
  it("is told by server/discover that the gateway offers it, only while an upstream does", async () => {
    const offered = resultOf(await ask("server/discover", {}));
    const capabilities = offered.capabilities as { extensions?: Record<string, unknown> };
    expect(capabilities.extensions?.[TASKS]).toEqual({});
    const without = resultOf(await ask("server/discover", {}, { target: plain }));
    expect((without.capabilities as { extensions?: unknown }).extensions).toBeUndefined();
  });

  for (const [label, tool, upstream] of [
    ["over HTTP", "t__slow", "mt"],
    ["over stdio", "s__slow", "ms"],
  ] as const) {
    it(`gets a task from an upstream ${label}, under a handle of the gateway's own, and its result`, async () => {
      const created = await startTask(tool, { ms: 40 });
      const handle = created.taskId as string;
      // The upstream's own id is "<name>-task-…"; the client never sees it.
      expect(handle).not.toContain(`${upstream}-task-`);
      expect(created.status).toBe("working");
      const done = await settled(handle);
      expect(done.status).toBe("completed");
      expect(done.taskId).toBe(handle);
      const result = done.result as { structuredContent?: unknown; resultType?: unknown };
      expect(result.structuredContent).toEqual({ slept: 40, by: upstream });
      // The fixture leaves the finished result's type out; the gateway says "complete".
      expect(result.resultType).toBe("complete");
    });

    it(`passes a task's input requests on, and the answers back, ${label}`, async () => {
      const created = await startTask(tool, { ms: 10, ask: true });
      const handle = created.taskId as string;
      const waiting = await settled(handle);
      expect(waiting.status).toBe("input_required");
      const requests = waiting.inputRequests as Record<string, { method: string }>;
      expect(requests.who?.method).toBe("elicitation/create");
      const updated = await ask("tasks/update", {
        taskId: handle,
        inputResponses: { who: { action: "accept", content: { name: "Ana" } } },
      });
      expect(resultOf(updated).resultType).toBe("complete");
      const done = resultOf(await ask("tasks/get", { taskId: handle }));
      expect(done.status).toBe("completed");
      const result = done.result as { structuredContent?: unknown };
      expect(result.structuredContent).toEqual({ answered: "Ana", by: upstream });
    });

    it(`cancels a task ${label}`, async () => {
      const created = await startTask(tool, { ms: 60_000 });
      const handle = created.taskId as string;
      expect(resultOf(await ask("tasks/cancel", { taskId: handle })).resultType).toBe("complete");
      const task = resultOf(await ask("tasks/get", { taskId: handle }));
      expect(task.status).toBe("cancelled");
    });
  }
});

describe("task notifications", () => {
  it("are not promised: a listen that asks for taskIds is acknowledged without them", async () => {
    const handle = (await startTask("t__slow", { ms: 10 })).taskId as string;
    const controller = new AbortController();
    const response = await fetch(gateway.url, {
      method: "POST",
      signal: controller.signal,
      headers: {
        authorization: `Bearer ${TOKENS.alice}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "subscriptions/listen",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "subscriptions/listen",
        params: {
          notifications: { taskIds: [handle], toolsListChanged: true },
          _meta: modernMeta(DECLARED),
        },
      }),
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let text = "";
    while (!text.includes("\n\n")) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    const data = text.split("\n").find((line) => line.startsWith("data: ")) ?? "";
    const ack = JSON.parse(data.slice(6)) as { method: string; params: { notifications: unknown } };
    expect(ack.method).toBe("notifications/subscriptions/acknowledged");
    expect(ack.params.notifications).toEqual({ toolsListChanged: true });
  });
});

describe("the official tasks client (@modelcontextprotocol/ext-tasks)", () => {
  it("runs a task through the gateway, its input request answered on the way", async () => {
    const headers = { authorization: `Bearer ${TOKENS.alice}` };
    const client = new Client(
      { name: "ext-tasks-test", version: "1.0.0" },
      clientOptions("modern"),
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(gateway.url), { requestInit: { headers } }),
    );
    const asked: string[] = [];
    let dispatched = 0;
    const session = createTaskSessionFromClient(client, {
      endpointId: "tabletop-gateway-test",
      // The SDK client refuses a task for an answer; the package sends its task requests
      // itself, framed as it frames them, on this plain HTTP path.
      rawDispatch: async (request) => {
        const message = request as { method: string; params?: Record<string, unknown> };
        const name = message.params?.name ?? message.params?.taskId;
        const response = await fetch(gateway.url, {
          method: "POST",
          headers: {
            ...headers,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            "mcp-protocol-version": "2026-07-28",
            "mcp-method": message.method,
            ...(typeof name === "string" ? { "mcp-name": name } : {}),
          },
          // The package leaves the JSON-RPC framing to its host.
          body: JSON.stringify({ jsonrpc: "2.0", id: ++dispatched, ...message }),
        });
        const text = await response.text();
        const body = text.startsWith("{")
          ? text
          : (text
              .split("\n")
              .find((line) => line.startsWith("data: "))
              ?.slice(6) ?? "{}");
        return JSON.parse(body);
      },
      v2RequestFraming: {
        protocolVersion: "2026-07-28",
        clientInfo: { name: "ext-tasks-test", version: "1.0.0" },
        clientCapabilities: {},
      },
      onInputRequest: async (request) => {
        asked.push(request.kind);
        return { action: "accept", content: { name: "Ana" } } as never;
      },
    });
    try {
      const execution = await session.callTool("t__slow", { ms: 20, ask: true });
      const { outcome } = await execution.settle();
      const result = resultFromTaskOutcome(outcome) as { structuredContent?: unknown };
      expect(result.structuredContent).toEqual({ answered: "Ana", by: "mt" });
      expect(asked).toEqual(["elicitation"]);
    } finally {
      await session.close();
      await client.close();
    }
  });
});

describe("clients that get no task", () => {
  it("a 2026-07-28 client that does not declare the extension gets the result at once", async () => {
    const answer = await ask(
      "tools/call",
      { name: "t__slow", arguments: { ms: 5 } },
      { declared: false },
    );
    const result = resultOf(answer);
    expect(result.resultType).toBe("complete");
    expect(result.structuredContent).toEqual({ slept: 5, by: "mt", task: false });
  });

  it("a 2025 client gets the result at once, and has no tasks/* methods", async () => {
    const client = new Client({ name: "tasks-legacy", version: "1.0.0" }, clientOptions("legacy"));
    const transport = new StreamableHTTPClientTransport(new URL(gateway.url), {
      requestInit: { headers: { authorization: `Bearer ${TOKENS.alice}` } },
    });
    await client.connect(transport);
    try {
      const result = await call(client, "s__slow", { ms: 5 });
      expect(result.structuredContent).toEqual({ slept: 5, by: "ms", task: false });
    } finally {
      await client.close();
    }
    const send = await openLegacySession(plain.url);
    const refused = await send("tasks/get", { taskId: "anything" });
    expect(refused.message.error?.code).toBe(-32601);
  });
});

describe("task requests the gateway refuses", () => {
  let handle: string;

  beforeAll(async () => {
    handle = (await startTask("t__slow", { ms: 60_000 })).taskId as string;
  });

  it("refuses tasks/* from a client that did not declare the extension, naming it (-32021)", async () => {
    const answer = await ask("tasks/get", { taskId: handle }, { declared: false });
    expect(answer.message.error?.code).toBe(-32021);
    expect(String(answer.message.error?.message)).toContain(TASKS);
    expect(answer.message.error?.data).toEqual({
      requiredCapabilities: { extensions: { [TASKS]: {} } },
    });
  });

  it("refuses a handle changed in one character, another caller's, another gateway's, or none", async () => {
    const last = handle.at(-1) === "A" ? "B" : "A";
    const tampered = `${handle.slice(0, -1)}${last}`;
    const forged = [
      ["tampered", { taskId: tampered }, "alice", gateway],
      ["another caller's", { taskId: handle }, "bob", gateway],
      ["another gateway's", { taskId: handle }, "alice", twin],
      ["made up", { taskId: "mt-task-1" }, "alice", gateway],
      ["far too long", { taskId: "x".repeat(5000) }, "alice", gateway],
    ] as const;
    for (const [label, params, who, target] of forged) {
      for (const method of ["tasks/get", "tasks/cancel"]) {
        const answer = await ask(method, params, { who, target });
        expect(answer.message.error?.code, `${label} ${method}: ${answer.text}`).toBe(-32602);
        expect(String(answer.message.error?.message)).toContain("taskId");
      }
    }
    // None of that touched the task, and the gateway still serves its caller.
    expect(resultOf(await ask("tasks/get", { taskId: handle })).status).toBe("working");
  });

  it("keeps serving after a tasks/update of 100,000 answers", async () => {
    const inputResponses = Object.fromEntries(
      Array.from({ length: 100_000 }, (_, index) => [`k${index}`, { action: "decline" }]),
    );
    const answer = await ask("tasks/update", { taskId: handle, inputResponses });
    expect(answer.status).toBeLessThan(500);
    expect(resultOf(await ask("tasks/get", { taskId: handle })).status).toBe("working");
  });
});

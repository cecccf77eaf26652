// The reference "everything" server behind the gateway, as a client with sampling, elicitation
// and roots sees it: the tools it offers such clients are listed, and its requests for the
// client reach the client whose call caused them, over a shared and a per-session stdio
// connection. Tools that only run as tasks are withheld, and said to be.
import { createRequire } from "node:module";
import {
  type CallToolResult,
  Client,
  type Request,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { type ClientEra, clientOptions, runCommand } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  type HttpChild,
  openHttpSession,
  startGatewayHttp,
  toolNames,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";
import { GATEWAY } from "./support.js";

const EVERYTHING = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
);

/** The tools "everything" offers only to clients with the matching capability. */
const CAPABILITY_TOOLS = [
  "trigger-sampling-request",
  "trigger-elicitation-request",
  "get-roots-list",
] as const;

const ROOT = { uri: "file:///tables/campaign-seven", name: "campaign seven" };

/** A client that can sample, elicit (form mode) and list roots, recording what it was asked. */
interface CapableClient {
  client: Client;
  asked: Request[];
  close(): Promise<void>;
}

async function connectCapable(url: string, era: ClientEra = "legacy"): Promise<CapableClient> {
  const asked: Request[] = [];
  const client = new Client(
    { name: "capable-test-client", version: "1.0.0" },
    {
      ...clientOptions(era),
      capabilities: { sampling: {}, elicitation: { form: {} }, roots: { listChanged: true } },
    },
  );
  client.setRequestHandler("sampling/createMessage", async (request) => {
    asked.push(request);
    const first = request.params.messages[0]?.content;
    const text = first && "text" in first ? String(first.text) : "";
    return {
      role: "assistant",
      model: "test-model",
      stopReason: "endTurn",
      content: { type: "text", text: `sampled: ${text}` },
    };
  });
  client.setRequestHandler("elicitation/create", async (request) => {
    asked.push(request);
    return { action: "accept", content: { name: "Ada Lovelace", check: true } };
  });
  client.setRequestHandler("roots/list", async (request) => {
    asked.push(request);
    return { roots: [ROOT] };
  });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  return {
    client,
    asked,
    close: async () => {
      await transport.terminateSession().catch(() => {});
      await client.close();
    },
  };
}

function textOf(result: CallToolResult): string {
  return result.content.map((item) => (item.type === "text" ? item.text : "")).join("\n");
}

function gatewayWith(perSession: boolean): Promise<HttpChild> {
  const config = writeConfig({
    mcpServers: {
      everything: {
        command: process.execPath,
        args: [EVERYTHING, "stdio"],
        per_session: perSession,
      },
    },
  });
  return startGatewayHttp(["--config", config, "--log-level", "info"]);
}

afterAll(cleanupAll);

// A 2026-07-28 client is asked by input_required answers, and retries: the gateway holds the
// upstream's call open between its rounds (docs/gateway.md §7.6).
describe.each([
  ["a shared", false, "legacy"],
  ["a per-session", true, "legacy"],
  ["a shared", false, "modern"],
  ["a per-session", true, "modern"],
] as const)("%s stdio upstream, to a %s client", (_label, perSession, era) => {
  let gateway: HttpChild;
  let capable: CapableClient;

  beforeAll(async () => {
    gateway = await gatewayWith(perSession);
    capable = await connectCapable(gateway.url, era);
  });

  afterAll(() => capable.close());

  it("lists the tools it offers a capable client, and hides them from a bare one", async () => {
    const listed = await toolNames(capable.client);
    expect(listed).toEqual(expect.arrayContaining([...CAPABILITY_TOOLS]));
    // The client declared form elicitation only, so the URL-mode tool is not its to see.
    expect(listed).not.toContain("trigger-url-elicitation");
    const bare = await openHttpSession(gateway.url);
    const bareListed = await toolNames(bare.client);
    expect(bareListed).toContain("echo");
    for (const name of CAPABILITY_TOOLS) expect(bareListed).not.toContain(name);
    await bare.close();
  });

  it("passes a sampling request to the calling client and its answer back", async () => {
    const before = capable.asked.length;
    const result = await call(capable.client, "trigger-sampling-request", {
      prompt: "name a tavern",
      maxTokens: 20,
    });
    expect(result.isError).toBeFalsy();
    const asked = capable.asked.slice(before);
    expect(asked.map((request) => request.method)).toEqual(["sampling/createMessage"]);
    const expectedText = "sampled: Resource trigger-sampling-request context: name a tavern";
    expect(textOf(result)).toContain(expectedText);
    expect(textOf(result)).toContain('"model": "test-model"');
  });

  it("passes an elicitation request to the calling client and its answer back", async () => {
    const before = capable.asked.length;
    const result = await call(capable.client, "trigger-elicitation-request", {});
    expect(result.isError).toBeFalsy();
    expect(capable.asked.slice(before).map((request) => request.method)).toEqual([
      "elicitation/create",
    ]);
    expect(textOf(result)).toContain("- Name: Ada Lovelace");
    expect(textOf(result)).toContain("- Agreed to terms: true");
  });

  it("passes a roots request made during a call to the calling client", async () => {
    const result = await call(capable.client, "get-roots-list", {});
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain(`URI: ${ROOT.uri}`);
    expect(capable.asked.some((request) => request.method === "roots/list")).toBe(true);
  });
});

describe("a shared stdio upstream's requests that no single session can take", () => {
  let gateway: HttpChild;

  beforeAll(async () => {
    gateway = await gatewayWith(false);
  });

  it("at connect, before any session exists, its roots request is refused saying why", async () => {
    await waitFor(
      () => gateway.stderr().includes("[everything] Failed to request roots from client"),
      "the upstream's report of its refused roots request",
    );
    const line = gateway
      .stderr()
      .split("\n")
      .find((text) => text.includes("Failed to request roots"));
    expect(line).toContain(
      'The gateway cannot pass "roots/list" from upstream "everything" to a client: no client call to it is in flight',
    );
  });

  it("while two sessions have calls in flight, is refused saying why", async () => {
    const busy = await connectCapable(gateway.url);
    const asking = await connectCapable(gateway.url);
    const long = call(busy.client, "trigger-long-running-operation", { duration: 2, steps: 2 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const result = await call(asking.client, "trigger-sampling-request", { prompt: "x" });
    expect(textOf(result)).toContain(
      'The gateway cannot pass "sampling/createMessage" from upstream "everything" to a client: 2 client sessions have calls to it in flight',
    );
    expect(busy.asked.concat(asking.asked)).toEqual([]);
    expect((await long).isError).toBeFalsy();
    await busy.close();
    await asking.close();
  });

  it("from a call of a client without the capability, is refused naming the capability", async () => {
    const bare = await openHttpSession(gateway.url);
    const result = await call(bare.client, "trigger-sampling-request", { prompt: "x" });
    expect(textOf(result)).toContain('did not declare the "sampling" capability');
    await bare.close();
  });
});

describe("tools that only run as MCP tasks", () => {
  it("are withheld, and --check says which and why", () => {
    const config = writeConfig({
      mcpServers: {
        everything: { command: process.execPath, args: [EVERYTHING, "stdio"], prefix: "demo" },
      },
    });
    const result = runCommand(GATEWAY, ["--config", config, "--check"]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      'tool "demo__simulate-research-query" from "everything" is withheld: it only runs as a task (execution.taskSupport "required"), and the gateway does not offer MCP tasks',
    );
  });
});

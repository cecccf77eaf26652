// docs/gateway.md §7.6: a 2026-07-28 upstream's input_required reaches the client through the
// gateway, sealed in a requestState of the gateway's own: a 2025 client is asked on its session
// (the SDK asks and calls again), a 2026-07-28 client retries itself; the upstream gets its own
// state back byte for byte. A forged state, another caller's, another tool's or another
// gateway's is refused with -32602.
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { type ClientEra, clientOptions } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  type HttpChild,
  startGatewayHttp,
  startModernFixture,
  tempFolder,
  writeConfig,
} from "../helpers/gateway.js";
import { postModern } from "../helpers/raw-http.js";

const EVERYTHING = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
);
const TOKENS = {
  alice: "rounds-alice-token-0123456789abcdef",
  bob: "rounds-bob-token-0123456789abcdef",
};

let modern: HttpChild;
let gateway: HttpChild;
let twin: HttpChild;
const clients: Client[] = [];

beforeAll(async () => {
  modern = await startModernFixture(["--name", "modern"]);
  const folder = tempFolder();
  const digest = (token: string) => createHash("sha256").update(token).digest("hex");
  const table = join(folder, "tokens.json");
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
  const config = writeConfig(
    {
      mcpServers: {
        modern: { url: modern.url, prefix: "m", scopes: ["tabletop:play"] },
        everything: {
          command: process.execPath,
          args: [EVERYTHING, "stdio"],
          per_session: true,
          prefix: "e",
          scopes: ["tabletop:play"],
        },
      },
    },
    folder,
  );
  gateway = await startGatewayHttp(["--config", config, "--auth-tokens", table]);
  twin = await startGatewayHttp(["--config", config, "--auth-tokens", table]);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
  await cleanupAll();
});

/** A client of `era` that answers every elicitation with the name `name`. */
async function answering(
  era: ClientEra,
  name: string,
): Promise<{ client: Client; asked: string[] }> {
  const client = new Client(
    { name: "rounds-test", version: "1.0.0" },
    { ...clientOptions(era), capabilities: { elicitation: { form: {} } } },
  );
  const asked: string[] = [];
  client.setRequestHandler("elicitation/create", async (request) => {
    asked.push(String(request.params.message));
    return { action: "accept", content: { name } };
  });
  const headers = { authorization: `Bearer ${TOKENS.alice}` };
  await client.connect(
    new StreamableHTTPClientTransport(new URL(gateway.url), { requestInit: { headers } }),
  );
  clients.push(client);
  return { client, asked };
}

/** One raw 2026-07-28 tools/call of `who`, from a client that can answer elicitations. */
function rawCall(url: string, who: keyof typeof TOKENS, params: Record<string, unknown>) {
  return postModern(url, "tools/call", params, {
    headers: { authorization: `Bearer ${TOKENS[who]}` },
    capabilities: { elicitation: { form: {} } },
  });
}

/** Alice's first round of m__ask: the gateway's sealed requestState. */
async function firstRound(): Promise<string> {
  const { message } = await rawCall(gateway.url, "alice", { name: "m__ask", arguments: {} });
  const result = message.result as { resultType: string; requestState: string };
  expect(result.resultType).toBe("input_required");
  return result.requestState;
}

const ANSWER = { who: { action: "accept", content: { name: "Mallory" } } };

describe("a 2026-07-28 upstream asking for input through the gateway", () => {
  it.each(["legacy", "modern"] as const)(
    "reaches a %s client, whose answer reaches the upstream with its own state",
    async (era) => {
      const { client, asked } = await answering(era, "Ada");
      const result = await call(client, "m__ask");
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ answered: "Ada", state: "modern-state-1" });
      expect(asked).toEqual(["Who calls modern?"]);
    },
  );

  it.each(["legacy", "modern"] as const)(
    "reaches a %s client getting a prompt, whose answer reaches the upstream with its state",
    async (era) => {
      const { client, asked } = await answering(era, "Ada");
      const prompt = await client.getPrompt({ name: "m__modern-ask" });
      expect(prompt.messages[0]?.content).toEqual({
        type: "text",
        text: "Hello Ada, from modern (modern-prompt-state).",
      });
      expect(asked).toEqual(["Whom shall modern greet?"]);
    },
  );

  it.each(["legacy", "modern"] as const)(
    "reaches a %s client reading a resource, whose answer reaches the upstream with its state",
    async (era) => {
      const { client, asked } = await answering(era, "Ada");
      const read = await client.readResource({ uri: "modern://m__note/sealed" });
      expect(read.contents).toEqual([
        {
          uri: "modern://m__note/sealed",
          mimeType: "text/plain",
          text: "sealed note of modern, opened by Ada (modern-read-state)",
        },
      ]);
      expect(asked).toEqual(["Password?"]);
    },
  );

  it("passes the upstream's input requests on, under a state that is not the upstream's", async () => {
    const { message } = await rawCall(gateway.url, "alice", { name: "m__ask", arguments: {} });
    const result = message.result as Record<string, unknown>;
    expect(result.inputRequests).toEqual({
      who: {
        method: "elicitation/create",
        params: expect.objectContaining({ message: "Who calls modern?" }),
      },
    });
    expect(typeof result.requestState).toBe("string");
    expect(result.requestState).not.toContain("modern-state-1");
  });

  it("refuses a forged, another caller's, another tool's or another gateway's state with -32602", async () => {
    const sealed = await firstRound();
    const retry = (url: string, who: keyof typeof TOKENS, name: string, requestState: string) =>
      rawCall(url, who, { name, arguments: {}, inputResponses: ANSWER, requestState });
    const refusals = [
      await retry(gateway.url, "alice", "m__ask", `${sealed.slice(0, -4)}AAAA`),
      await retry(gateway.url, "alice", "m__ask", "modern-state-1"),
      await retry(gateway.url, "bob", "m__ask", sealed),
      await retry(gateway.url, "alice", "m__echo", sealed),
      await retry(twin.url, "alice", "m__ask", sealed),
    ];
    for (const { message } of refusals) {
      expect(message.error).toMatchObject({ code: -32602 });
    }
    // The state was never spent: its holder's retry still goes through.
    const { message } = await retry(gateway.url, "alice", "m__ask", sealed);
    expect((message.result as { structuredContent: unknown }).structuredContent).toEqual({
      answered: "Mallory",
      state: "modern-state-1",
    });
  });
});

describe("an upstream that asks for input forever", () => {
  it("is given up after 16 rounds with reason input_rounds, and the gateway serves on", async () => {
    let params: Record<string, unknown> = { name: "m__nag", arguments: {} };
    let last: Record<string, unknown> = {};
    for (let round = 1; round <= 17; round++) {
      const { message } = await rawCall(gateway.url, "alice", params);
      last = message.result as Record<string, unknown>;
      if (last.resultType !== "input_required") break;
      expect(round).toBeLessThanOrEqual(16);
      const again = { again: { action: "accept", content: {} } };
      params = { ...params, inputResponses: again, requestState: last.requestState };
    }
    expect(last).toMatchObject({
      isError: true,
      structuredContent: { error: { upstream: "modern", reason: "input_rounds" } },
    });
    const echoed = await rawCall(gateway.url, "alice", { name: "m__echo", arguments: { a: 1 } });
    expect(echoed.message.result).toMatchObject({ structuredContent: { arguments: { a: 1 } } });
  });
});

describe("an upstream of the 2025 revisions asking a 2026-07-28 client for input", () => {
  it("holds the call open across the client's rounds, on the caller's state alone", async () => {
    const first = await rawCall(gateway.url, "alice", {
      name: "e__trigger-elicitation-request",
      arguments: {},
    });
    const asked = first.message.result as {
      resultType: string;
      inputRequests: Record<string, { method: string }>;
      requestState: string;
    };
    expect(asked.resultType).toBe("input_required");
    const keys = Object.keys(asked.inputRequests);
    expect(keys).toHaveLength(1);
    const [key = ""] = keys;
    expect(asked.inputRequests[key]?.method).toBe("elicitation/create");
    const retry = (who: keyof typeof TOKENS, inputResponses: Record<string, unknown>) =>
      rawCall(gateway.url, who, {
        name: "e__trigger-elicitation-request",
        arguments: {},
        inputResponses,
        requestState: asked.requestState,
      });
    const accepted = { action: "accept", content: { name: "Grace Hopper", check: true } };

    // An answer that leaves the request out is refused, naming it; the call still waits.
    const unanswered = await retry("alice", {});
    expect(unanswered.message.error).toMatchObject({
      code: -32602,
      message: expect.stringContaining(key),
    });
    // Another caller cannot answer it.
    const stolen = await retry("bob", { [key]: accepted });
    expect(stolen.message.error).toMatchObject({ code: -32602 });

    const done = await retry("alice", { [key]: accepted });
    const result = done.message.result as { content: { type: string; text: string }[] };
    expect(result.content.map((item) => item.text).join("\n")).toContain("- Name: Grace Hopper");
    // Answered once: the same state no longer continues anything.
    const again = await retry("alice", { [key]: accepted });
    expect(again.message.error).toMatchObject({
      code: -32602,
      message: expect.stringContaining("no longer waiting"),
    });
  });

  it("runs as many calls at once as the client sends when the upstream does not ask", async () => {
    // Only calls that wait for their client's answers are bounded (tests/unit/pending-calls).
    const long = () =>
      rawCall(gateway.url, "alice", {
        name: "e__trigger-long-running-operation",
        arguments: { duration: 1, steps: 1 },
      });
    const answers = await Promise.all(Array.from({ length: 20 }, long));
    for (const { message } of answers) {
      expect(message.result).toMatchObject({ resultType: "complete" });
      expect((message.result as { isError?: boolean }).isError).toBeFalsy();
    }
  });
});

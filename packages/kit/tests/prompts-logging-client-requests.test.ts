import type { LoggingMessageNotification } from "@modelcontextprotocol/client";
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { createKitServer, definePrompt, defineResource, defineTool } from "../src/index.js";

const HINTS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true };

const greet = definePrompt({
  name: "greet",
  description: "Greets someone.",
  arguments: [
    {
      name: "who",
      description: "Whom to greet",
      required: true,
      complete: (value) => ["alice", "albert", "bob"].filter((name) => name.startsWith(value)),
    },
  ],
  get: ({ who }) => [{ role: "user", content: { type: "text", text: `Hello, ${who}!` } }],
});

const chatty = defineTool({
  name: "chatty",
  title: "Chatty",
  description: "Logs at info and at error, then asks the client's model.",
  input: z.object({}).strict(),
  output: z.object({ reply: z.string() }).strict(),
  annotations: HINTS,
  handler: async (_args, context) => {
    await context.log("info", "starting");
    await context.log("error", "something to see");
    const sampled = await context.createMessage({
      messages: [{ role: "user", content: { type: "text", text: "say hi" } }],
      maxTokens: 10,
    });
    return { reply: sampled.content.type === "text" ? sampled.content.text : "" };
  },
  content: ({ reply }) => [{ type: "text", text: `model said: ${reply}` }],
});

const pixel = defineResource({
  uri: "test://pixel",
  name: "pixel",
  description: "Four bytes.",
  mimeType: "application/octet-stream",
  read: () => ({ blob: Buffer.from([1, 2, 3, 4]).toString("base64") }),
});

let close: () => Promise<void> = async () => {};
afterEach(() => close());

async function connect(): Promise<{ client: Client; logs: LoggingMessageNotification[] }> {
  const server = createKitServer({
    name: "t",
    version: "1.0.0",
    tools: [chatty],
    resources: [pixel],
    prompts: [greet],
    logging: true,
  });
  const client = new Client({ name: "c", version: "1.0.0" }, { capabilities: { sampling: {} } });
  const logs: LoggingMessageNotification[] = [];
  client.setNotificationHandler("notifications/message", (note) => {
    logs.push(note);
  });
  client.setRequestHandler("sampling/createMessage", () => ({
    role: "assistant",
    content: { type: "text", text: "hi" },
    model: "m",
  }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  close = async () => {
    await client.close();
    await server.close();
  };
  return { client, logs };
}

describe("prompts, completions, logging and client requests", () => {
  it("declares prompts, completions and logging only as the spec offers them", async () => {
    const { client } = await connect();
    expect(client.getServerCapabilities()).toMatchObject({
      prompts: {},
      completions: {},
      logging: {},
    });
  });

  it("substitutes a prompt's arguments and refuses a missing required one", async () => {
    const { client } = await connect();
    const prompt = await client.getPrompt({ name: "greet", arguments: { who: "Ann" } });
    expect(prompt.messages).toEqual([
      { role: "user", content: { type: "text", text: "Hello, Ann!" } },
    ]);
    await expect(client.getPrompt({ name: "greet", arguments: {} })).rejects.toMatchObject({
      code: -32602,
    });
  });

  it("completes a prompt argument from its completer", async () => {
    const { client } = await connect();
    const answer = await client.complete({
      ref: { type: "ref/prompt", name: "greet" },
      argument: { name: "who", value: "al" },
    });
    expect(answer.completion).toEqual({ values: ["alice", "albert"], total: 2, hasMore: false });
  });

  it("logs at or above the client's level before the answer, and samples the client's model", async () => {
    const { client, logs } = await connect();
    await client.setLoggingLevel("warning");
    const result = await client.callTool({ name: "chatty", arguments: {} });
    expect(logs.map((note) => note.params)).toEqual([{ level: "error", data: "something to see" }]);
    expect(result.content).toEqual([{ type: "text", text: "model said: hi" }]);
    expect(result.structuredContent).toEqual({ reply: "hi" });
  });

  it("reads a binary resource as base64 in its declared MIME type", async () => {
    const { client } = await connect();
    const read = await client.readResource({ uri: "test://pixel" });
    expect(read.contents).toEqual([
      { uri: "test://pixel", mimeType: "application/octet-stream", blob: "AQIDBA==" },
    ]);
  });
});

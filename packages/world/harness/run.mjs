// The model check of docs/world.md §9: a model with the eight world tools answers five structural
// questions about the Locked Garden; 4 of 5 must pass. Run after a build:
//   WORLD_LLM_API_KEY=... [WORLD_LLM_BASE_URL=https://api.openai.com/v1] [WORLD_LLM_MODEL=gpt-4o-mini] node harness/run.mjs
// Any OpenAI-compatible chat-completions endpoint with tool calling works. Without a key the
// run is skipped (exit 0).
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { HARNESS_PASS_MARK, HARNESS_QUESTIONS } from "../dist/llm-harness/questions.js";

const apiKey = process.env.WORLD_LLM_API_KEY ?? process.env.OPENAI_API_KEY;
if (!apiKey) {
  process.stderr.write(
    "skipped: set WORLD_LLM_API_KEY (or OPENAI_API_KEY) to run the LLM harness\n",
  );
  process.exit(0);
}
const baseUrl = (process.env.WORLD_LLM_BASE_URL ?? "https://api.openai.com/v1").replace(/\/$/, "");
const model = process.env.WORLD_LLM_MODEL ?? "gpt-4o-mini";
const MAX_TURNS = 8;
const WORLD = fileURLToPath(new URL("../tests/fixtures/locked-garden.urd.md", import.meta.url));
const CLI_ENTRY = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

const client = new Client({ name: "world-llm-harness", version: "1.0.0" });
await client.connect(
  new StdioClientTransport({
    command: process.execPath,
    args: [CLI_ENTRY, WORLD],
    stderr: "ignore",
  }),
);
const { tools } = await client.listTools();
const functions = tools.map((tool) => ({
  type: "function",
  function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
}));

async function complete(messages) {
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ model, temperature: 0, messages, tools: functions }),
  });
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  const body = await response.json();
  return body.choices[0].message;
}

/** Lets the model call tools until it answers in text. */
async function ask(prompt) {
  const messages = [
    {
      role: "system",
      content:
        "You answer questions about an Urd game world. Use the tools; do not guess. Answer concisely.",
    },
    { role: "user", content: prompt },
  ];
  for (let turn = 0; turn < MAX_TURNS; turn++) {
    const message = await complete(messages);
    messages.push(message);
    if (!message.tool_calls?.length) return message.content ?? "";
    for (const call of message.tool_calls) {
      const result = await client.callTool({
        name: call.function.name,
        arguments: JSON.parse(call.function.arguments || "{}"),
      });
      const text = result.content.find((item) => item.type === "text")?.text ?? "";
      messages.push({ role: "tool", tool_call_id: call.id, content: text });
    }
  }
  return "";
}

let passed = 0;
for (const question of HARNESS_QUESTIONS) {
  const answer = await ask(question.prompt);
  const ok = question.verify(answer);
  if (ok) passed += 1;
  process.stderr.write(
    `${ok ? "PASS" : "FAIL"} ${question.id}. ${question.prompt}\n  answer: ${answer.replace(/\s+/g, " ")}\n  expected: ${question.expected}\n`,
  );
}
await client.close();
process.stderr.write(
  `${passed}/${HARNESS_QUESTIONS.length} passed with ${model} (need ${HARNESS_PASS_MARK})\n`,
);
process.exit(passed >= HARNESS_PASS_MARK ? 0 : 1);

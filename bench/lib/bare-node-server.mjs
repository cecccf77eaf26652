#!/usr/bin/env node
// The lowest floor for start-up and memory: a Node process with no library at all that answers
// `initialize` and `tools/list` by hand over stdio. What is left is Node's own start and heap.
let buffered = "";
process.stdin.on("data", (chunk) => {
  buffered += chunk.toString();
  let newline = buffered.indexOf("\n");
  while (newline >= 0) {
    const line = buffered.slice(0, newline);
    buffered = buffered.slice(newline + 1);
    newline = buffered.indexOf("\n");
    answer(JSON.parse(line));
  }
});

function answer(message) {
  if (message.id === undefined) return;
  const result =
    message.method === "initialize"
      ? {
          protocolVersion: message.params.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: "bare-node", version: "1.0.0" },
        }
      : { tools: [] };
  process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id: message.id, result })}\n`);
}

// A bare MCP SDK server over stdio, without the kit or the world package, that answers each
// tools/call with a result read from a JSON file: a list of {name, arguments, result}, matched
// by tool name and arguments as JSON. The bench uses it as the floor: what any SDK server pays
// to send the same bytes to the same client.
import { readFileSync } from "node:fs";
import { Server } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";

const keyOf = (name, args) => `${name} ${JSON.stringify(args ?? {})}`;
const answers = new Map(
  JSON.parse(readFileSync(process.argv[2] ?? "", "utf8")).map((entry) => [
    keyOf(entry.name, entry.arguments),
    entry.result,
  ]),
);
const server = new Server({ name: "floor", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler("tools/call", (request) => {
  const result = answers.get(keyOf(request.params.name, request.params.arguments));
  if (result === undefined) throw new Error(`no recorded answer for ${request.params.name}`);
  return result;
});
await server.connect(new StdioServerTransport());

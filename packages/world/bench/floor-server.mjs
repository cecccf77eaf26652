// A bare MCP SDK server over stdio, without the kit or the world package, that answers each
// tools/call with a result read from a JSON file ({"tool name": CallToolResult}). The bench
// uses it as the floor: what any SDK server pays to send the same bytes to the same client.
import { readFileSync } from "node:fs";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const results = JSON.parse(readFileSync(process.argv[2] ?? "", "utf8"));
const server = new Server({ name: "floor", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, (request) => results[request.params.name]);
await server.connect(new StdioServerTransport());

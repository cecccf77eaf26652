// The dice engine (also at `@tabletop-mcp/dice/engine`, without the server) and the MCP server
// built on it.
export * from "./engine/index.js";
export { loadTablesDirectory, TableLoadError } from "./load-tables.js";
export { parseRandomTable } from "./parse-table.js";
export {
  createServer,
  createServerFactory,
  type DiceServerOptions,
  serverOptionsSchema,
} from "./server.js";

// The Daggerheart rules engine (pure, no MCP) and the MCP server built on it.
export * from "./engine/index.js";
export {
  createServer,
  createServerFactory,
  type DualityServerOptions,
  serverOptionsSchema,
} from "./server.js";

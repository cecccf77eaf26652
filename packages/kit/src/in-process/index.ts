// `@tabletop-mcp/kit/in-process`: a client's connection to a server in the same process (how
// the gateway composes its builtin servers), and the fast path of a kit server's tool calls
// that it may be given explicitly (`DirectToolCalls`, a kit server's `directToolCalls`).
export type { DirectToolCalls } from "./direct-tool-calls.js";
export {
  type InProcessClient,
  InProcessConnection,
  type InProcessHandlers,
  type InProcessRequestOptions,
} from "./in-process-connection.js";

// `@tabletop-mcp/kit/in-process`: a client's connection to a server in the same process, the
// way the gateway composes its builtin servers.
export {
  type InProcessClient,
  InProcessConnection,
  type InProcessHandlers,
  type InProcessRequestOptions,
} from "./in-process-connection.js";

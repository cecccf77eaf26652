// `@tabletop-mcp/kit/cli`: a server as a command. `runServer` (flags, `--help`, stdio or HTTP,
// graceful shutdown), the command line it parses, the stdio transport, and the per-session
// pieces both transports share: the in-flight count, the spacing rate limiter, the session gate.
export { replaySeedFlag } from "../replay-seed.js";
export { InFlightRequests } from "../runtime/in-flight.js";
export {
  type Clock,
  type ScheduleDecision,
  SpacingLimiter,
  systemClock,
} from "../runtime/rate-limiter.js";
export {
  type CommandExit,
  type CommandSpec,
  type RunEnvironment,
  runServer,
  type ServerFactory,
  type SetupContext,
} from "../runtime/run-server.js";
export {
  installSessionGate,
  type SessionGate,
  type SessionGateOptions,
} from "../runtime/session-gate.js";
export { SessionRefusedError, type SessionRequest } from "../runtime/session-request.js";
export { type StdioHandle, type StdioOptions, serveStdio } from "../runtime/stdio.js";
export type {
  CommonOptions,
  ExtraFlag,
  ParsedCommandLine,
  PositionalArgument,
} from "./flags.js";
export { parseCommandLine } from "./flags.js";
export { UsageError } from "./usage-error.js";

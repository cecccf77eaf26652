import type { LoggingLevel, Server } from "@modelcontextprotocol/server";
import { ProtocolErrorCode } from "@modelcontextprotocol/server";
import { MCP_LOGGING_LEVELS, parseLoggingLevel, passesLevel } from "./logging-levels.js";
import { onRequest, ProtocolError } from "./request-params.js";
import type { ServerRequestExtra } from "./tool-call-handler.js";

/** Sends one `notifications/message` on the stream of the request being answered. */
export type SessionLog = (
  level: LoggingLevel,
  data: unknown,
  extra: ServerRequestExtra,
) => Promise<void>;

function levelParam(params: Readonly<Record<string, unknown>>): { level: LoggingLevel } {
  const level = parseLoggingLevel(params.level);
  if (level === undefined) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `params.level must be one of ${MCP_LOGGING_LEVELS.join(", ")}`,
    );
  }
  return { level };
}

/**
 * Answers `logging/setLevel` for one session's server and returns how its tools log to the
 * client. Messages go with the request that caused them (on that request's stream over HTTP),
 * so that a client hears them before the answer; the SDK's own `sendLoggingMessage` sends them
 * unrelated to any request. Before the client sets a level, every message goes out.
 *
 * @param server - one session's server; it must declare the `logging` capability
 */
export function installSessionLogging(server: Server): SessionLog {
  let threshold: LoggingLevel | undefined;
  onRequest(server, "logging/setLevel", levelParam, ({ level }) => {
    threshold = level;
    return {};
  });
  return async (level, data, extra) => {
    if (!passesLevel(level, threshold)) return;
    await extra.mcpReq.notify({ method: "notifications/message", params: { level, data } });
  };
}

import { ProtocolErrorCode, type Result } from "@modelcontextprotocol/server";
import { parseLoggingLevel } from "@tabletop-mcp/kit";
import { ProtocolError } from "./protocol-error.js";
import type { SessionContext } from "./session-context.js";

/**
 * Answers `logging/setLevel`: the level filters what this session hears, goes to its own
 * connections of upstreams that log, and counts towards the level of shared ones.
 */
export async function setLevel(
  session: SessionContext,
  params: Record<string, unknown>,
): Promise<Result> {
  const level = parseLoggingLevel(params.level);
  if (!level) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      "params.level must be a logging level (debug … emergency)",
    );
  }
  session.logLevel = level;
  const sends: Promise<unknown>[] = [];
  for (const upstream of session.host.upstreams) {
    if (!upstream.capabilities?.logging || !upstream.isServing()) continue;
    if (session.link(upstream).shared) continue;
    const request = { method: "logging/setLevel", params: { level } };
    sends.push(session.forwarding.forward(upstream, request).catch(() => {}));
  }
  session.host.levelChanged(session);
  await Promise.all(sends);
  return {};
}

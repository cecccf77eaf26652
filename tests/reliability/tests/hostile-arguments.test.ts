import { callTool, connectHttp, startHttpCommand } from "@tabletop-mcp/kit/testing";
import { describe, expect, it } from "vitest";
import { sessionFrom, watchProcess } from "./support/hostile-clients.js";
import { MCP_HEADERS, messagesOf, rawHttp } from "./support/raw-http.js";
import { commandPath, serverCommands } from "./support/servers.js";

const UNKNOWN_KEYS = 85_000;
const PARALLEL = 16;
/**
 * Before answers were bounded, 16 such requests took a server from about 70 to 934 MiB (each
 * answer repeated the valid names per key: 37 MiB). What is left is the 16 parsed bodies of
 * 85,000 keys each in flight, a few MB apiece.
 */
const RSS_LIMIT_MIB = 400;
/**
 * Each such request costs the server about 0.2 s of CPU on an idle machine, so 16 keep it busy
 * for seconds, and many times longer on a loaded CI host, where a connection waiting that long
 * met the 10 s headers timeout (408). Timeouts are not what this test is about: the servers
 * here wait up to two minutes for a request to arrive.
 */
const PATIENT = { MCP_HEADERS_TIMEOUT_MS: "120000", MCP_REQUEST_TIMEOUT_MS: "120000" };

interface Detail {
  parameter: string;
  issue: string;
  valid_range?: string;
}

/**
 * A tools/call just under 1 MiB: the known-good arguments plus 85,000 unknown keys. Each call of
 * a session has its own id, as JSON-RPC asks: answers are routed by id.
 */
function unknownKeysCall(id: number, tool: string, args: Record<string, unknown>): string {
  const padded = { ...args };
  for (let index = 0; index < UNKNOWN_KEYS; index++) {
    padded[`u${String(index).padStart(6, "0")}`] = 0;
  }
  return JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: tool, arguments: padded },
  });
}

describe.each(serverCommands().map((server) => [server.name, server] as const))(
  "a request with 85,000 unknown parameters, against %s",
  (_name, server) => {
    it(`gets 20 problems and a count, small, and ${PARALLEL} at once stay under ${RSS_LIMIT_MIB} MB`, async () => {
      const running = await startHttpCommand(server.entry, server.args, {
        ...server.env,
        ...PATIENT,
      });
      try {
        const session = await sessionFrom(running.url);
        const bodies = Array.from({ length: PARALLEL }, (_, index) =>
          unknownKeysCall(index + 1, server.knownGood.tool, server.knownGood.args),
        );
        expect(Buffer.byteLength(bodies[PARALLEL - 1] ?? "")).toBeLessThanOrEqual(1_048_576);
        const send = (body: string) =>
          rawHttp(running.url, { headers: { ...MCP_HEADERS, "mcp-session-id": session }, body });

        const watcher = watchProcess(running.child.pid as number);
        const answers = await Promise.all(bodies.map(send));
        const cost = watcher.stop();
        console.log(
          `${server.name}, ${PARALLEL} requests of ${UNKNOWN_KEYS} unknown keys: ${JSON.stringify({ answer_bytes: Buffer.byteLength(answers[0]?.body ?? ""), rss_start_mib: Math.round(cost.samplesMiB[0] ?? 0), rss_peak_mib: Math.round(cost.peakMiB), cpu_s: Number(cost.cpuSeconds.toFixed(1)) })}`,
        );
        for (const [index, answer] of answers.entries()) {
          expect(Buffer.byteLength(answer.body)).toBeLessThan(8_192);
          const [message] = messagesOf(answer) as Array<{
            id: number;
            result: { isError: boolean; structuredContent: { error: { details: Detail[] } } };
          }>;
          expect(message, `status ${answer.status}: ${answer.body.slice(0, 400)}`).toHaveProperty(
            "result.isError",
            true,
          );
          expect(message?.id).toBe(index + 1);
          const details = message?.result.structuredContent.error.details ?? [];
          expect(details).toHaveLength(21);
          expect(details[0]?.parameter).toBe("u000000");
          expect(details[1]).toEqual({
            parameter: "u000001",
            issue: "Unknown parameter; valid parameters as above",
          });
          expect(details[20]).toEqual({
            parameter: "arguments",
            issue: `… and ${UNKNOWN_KEYS - 20} more problems, not listed`,
          });
        }
        expect(cost.peakMiB).toBeLessThan(RSS_LIMIT_MIB);
      } finally {
        await running.stop();
      }
    }, 180_000);
  },
);

it("campaign names a trait out of range with its valid range", async () => {
  const campaign = await startHttpCommand(commandPath("packages/campaign/dist/cli.js"), [
    "--db",
    ":memory:",
  ]);
  const connection = await connectHttp(campaign.url);
  try {
    const created = await callTool(connection.client, "campaign_create", {
      name: "Ranges",
      gm_mode: "HUMAN",
    });
    const campaignId = (created.structuredContent as { id: string }).id;
    const refused = await callTool(connection.client, "character_create", {
      campaign_id: campaignId,
      name: "Quick",
      kind: "PC",
      profile: { traits: { agility: 7 } },
    });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toEqual({
      error: {
        message: "Invalid parameters provided",
        details: [
          {
            parameter: "profile.traits.agility",
            issue: "Value 7 exceeds maximum allowed (6)",
            valid_range: "-3-6",
          },
        ],
      },
    });
  } finally {
    await connection.close();
    await campaign.stop();
  }
});

import { startHttpCommand } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MCP_HEADERS, messagesOf, type RawResponse, rawHttp } from "./support/raw-http.js";
import { type ServerCommand, serverCommands } from "./support/servers.js";

/**
 * The hostile-input promises of RELIABILITY.md, made with 2026-07-28 requests: no session, the
 * `_meta` envelope and the standard headers on every request.
 */

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};

const BODY_LIMIT = 1_048_576;

/** A modern tools/call of `tool` with `args`, as raw JSON. */
function modernCall(tool: string, args: unknown, id: string | number = 1): string {
  return JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: tool, arguments: args, _meta: ENVELOPE },
  });
}

function send(url: string, tool: string, body: string): Promise<RawResponse> {
  return rawHttp(url, {
    headers: {
      ...MCP_HEADERS,
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": tool,
    },
    body,
  });
}

interface ToolAnswer {
  id?: unknown;
  result?: { isError?: boolean; structuredContent?: { error?: { details?: unknown[] } } };
  error?: { code: number; message: string };
}

function answerOf(response: RawResponse): ToolAnswer {
  return messagesOf(response)[0] as ToolAnswer;
}

describe.each(serverCommands().map((server) => [server.name, server] as const))(
  "hostile 2026-07-28 requests against %s",
  (_name, server: ServerCommand) => {
    let running: Awaited<ReturnType<typeof startHttpCommand>>;
    beforeAll(async () => {
      running = await startHttpCommand(server.entry, server.args, server.env);
    });
    afterAll(() => running.stop());
    const { tool, args } = server.knownGood;

    it("answers 85,000 unknown parameters with 20 problems and a count, in a small answer", async () => {
      const padded: Record<string, unknown> = { ...args };
      for (let index = 0; index < 85_000; index++) padded[`u${String(index).padStart(6, "0")}`] = 0;
      const body = modernCall(tool, padded);
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(BODY_LIMIT);
      const response = await send(running.url, tool, body);
      expect(response.status).toBe(200);
      expect(Buffer.byteLength(response.body)).toBeLessThan(8_192);
      const answer = answerOf(response);
      expect(answer.result?.isError).toBe(true);
      const details = answer.result?.structuredContent?.error?.details ?? [];
      expect(details.length).toBeLessThanOrEqual(21);
      expect(details.length).toBeGreaterThan(0);
    });

    it("refuses a body one byte over 1 MiB with 413 and a JSON-RPC body", async () => {
      const base = Buffer.byteLength(modernCall(tool, { ...args, padding: "" }));
      const body = modernCall(tool, { ...args, padding: "p".repeat(BODY_LIMIT - base + 1) });
      expect(Buffer.byteLength(body)).toBe(BODY_LIMIT + 1);
      const response = await send(running.url, tool, body);
      expect(response.status).toBe(413);
      expect(response.body).not.toMatch(/<html|\n\s+at /i);
      expect(JSON.parse(response.body)).toMatchObject({ jsonrpc: "2.0", error: {} });
    });

    const rawCall = (argumentsJson: string) =>
      `{"jsonrpc":"2.0","id":"h","method":"tools/call","params":{"name":"${tool}","arguments":${argumentsJson},"_meta":${JSON.stringify(ENVELOPE)}}}`;

    it("answers prototype keys as unknown parameters, without running the tool", async () => {
      const response = await send(
        running.url,
        tool,
        rawCall('{"__proto__":{"x":1},"constructor":1}'),
      );
      expect(response.status).toBe(200);
      const answer = answerOf(response);
      expect(answer.id).toBe("h");
      expect(answer.result?.isError).toBe(true);
    });

    it("refuses arguments nested 10,000 deep with 400 -32600 and the request's id", async () => {
      const deep = `{"a":${"[".repeat(10_000)}${"]".repeat(10_000)}}`;
      const response = await send(running.url, tool, rawCall(deep));
      expect(response.status, response.body.slice(0, 300)).toBe(400);
      expect(answerOf(response)).toMatchObject({ id: "h", error: { code: -32600 } });
    });

    it("keeps serving modern and 2025 clients afterwards", async () => {
      const response = await send(running.url, tool, modernCall(tool, args, "after"));
      expect(answerOf(response).result?.isError ?? false).toBe(false);
      const health = await rawHttp(running.url, { method: "GET", path: "/mcp/health" });
      expect(JSON.parse(health.body)).toMatchObject({
        status: "ok",
        modern: { requests_in_flight: 0 },
      });
    });
  },
);

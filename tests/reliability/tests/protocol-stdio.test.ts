import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isJsonRpcResult, jsonRpcError } from "./support/json-rpc.js";
import { type Message, RawStdioServer } from "./support/raw-stdio.js";
import { type ServerCommand, serverCommands } from "./support/servers.js";

/** A hostile line and what may come back for it (checked on every message that arrives). */
interface StdioAbuse {
  name: string;
  lines: (server: ServerCommand) => string[];
  /** An id the server must answer; absent when silence is allowed. */
  answeredId?: string;
  check: (answers: Message[]) => void;
}

/** Silence, or JSON-RPC errors only (never a result for a message that is not a request). */
function silenceOrErrors(answers: Message[]): void {
  for (const answer of answers) expect(jsonRpcError(answer), JSON.stringify(answer)).toBeDefined();
}

/** Whatever arrives is a well-formed JSON-RPC response. */
function wellFormed(answers: Message[]): void {
  for (const answer of answers) {
    expect(
      isJsonRpcResult(answer) || jsonRpcError(answer) !== undefined,
      JSON.stringify(answer),
    ).toBe(true);
  }
}

function deepParams(depth: number): string {
  return `${"[".repeat(depth)}${"]".repeat(depth)}`;
}

const abuses: StdioAbuse[] = [
  { name: "invalid JSON", lines: () => ['{"jsonrpc":"2.0","id":1,'], check: silenceOrErrors },
  {
    name: "JSON that is not an object",
    lines: () => ["42", '"hello"', "null", "true"],
    check: silenceOrErrors,
  },
  {
    name: "wrong jsonrpc version",
    lines: () => ['{"jsonrpc":"1.0","id":"v1","method":"ping"}', '{"id":"v2","method":"ping"}'],
    check: silenceOrErrors,
  },
  {
    name: "unknown method",
    lines: () => ['{"jsonrpc":"2.0","id":"u1","method":"tools/destroy","params":{}}'],
    answeredId: "u1",
    check: (answers) => expect(jsonRpcError(answers[0])?.code).toBe(-32601),
  },
  {
    name: "unknown notification",
    lines: () => ['{"jsonrpc":"2.0","method":"notifications/nothing_like_this"}'],
    check: (answers) => expect(answers).toEqual([]),
  },
  {
    name: "a response nobody asked for",
    lines: () => [
      '{"jsonrpc":"2.0","id":987654,"result":{}}',
      '{"jsonrpc":"2.0","id":987655,"error":{"code":1,"message":"x"}}',
    ],
    check: silenceOrErrors,
  },
  {
    name: "batch array",
    lines: () => [
      '[{"jsonrpc":"2.0","id":"b1","method":"ping"},{"jsonrpc":"2.0","id":"b2","method":"ping"}]',
    ],
    check: wellFormed,
  },
  {
    name: "request id of the wrong type",
    lines: () => [
      '{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}',
      '{"jsonrpc":"2.0","id":[1],"method":"ping"}',
    ],
    check: silenceOrErrors,
  },
  {
    name: "params of the wrong type",
    lines: () => ['{"jsonrpc":"2.0","id":"p1","method":"tools/list","params":"all"}'],
    // The SDK's transports drop a message that fails its JSON-RPC schema without answering.
    check: silenceOrErrors,
  },
  {
    name: "tools/call with arguments that are not an object",
    lines: (server) => [
      JSON.stringify({
        jsonrpc: "2.0",
        id: "a1",
        method: "tools/call",
        params: { name: server.knownGood.tool, arguments: [1, 2] },
      }),
    ],
    answeredId: "a1",
    // Invalid arguments: an isError result or "invalid params", never an internal error.
    check: (answers) => {
      const answer = answers[0] as { result?: { isError?: boolean } };
      const code = jsonRpcError(answer)?.code;
      expect(answer.result?.isError === true || code === -32602, JSON.stringify(answer)).toBe(true);
    },
  },
  {
    name: "tools/call of an unknown tool",
    lines: () => [
      '{"jsonrpc":"2.0","id":"t1","method":"tools/call","params":{"name":"rm_rf","arguments":{}}}',
    ],
    answeredId: "t1",
    check: wellFormed,
  },
  {
    name: "an 8 MiB line",
    lines: (server) => [
      JSON.stringify({
        jsonrpc: "2.0",
        id: "big",
        method: "tools/call",
        params: {
          name: server.knownGood.tool,
          arguments: { ...server.knownGood.args, padding: "x".repeat(8 * 1_048_576) },
        },
      }),
    ],
    answeredId: "big",
    check: (answers) => {
      const answer = answers[0] as { result?: { isError?: boolean } };
      expect(
        answer.result?.isError === true || jsonRpcError(answer) !== undefined,
        JSON.stringify(answer).slice(0, 300),
      ).toBe(true);
    },
  },
  {
    name: "4 MiB of garbage on one line",
    lines: () => ["x".repeat(4 * 1_048_576)],
    check: silenceOrErrors,
  },
  {
    name: "params nested 20,000 deep",
    lines: () => [
      `{"jsonrpc":"2.0","id":"deep","method":"ping","params":{"a":${deepParams(20_000)}}}`,
    ],
    check: wellFormed,
  },
];

describe.each(serverCommands())("stdio protocol abuse against $name", (server) => {
  let raw: RawStdioServer;
  let pings = 0;

  beforeAll(async () => {
    raw = await RawStdioServer.start(server);
  });
  afterAll(async () => {
    await raw?.stop();
  });

  it.each(abuses)("survives $name and answers within JSON-RPC", async (abuse) => {
    raw.take();
    for (const line of abuse.lines(server)) raw.sendLine(line);
    const answers: Message[] = [];
    if (abuse.answeredId !== undefined) answers.push(await raw.waitForId(abuse.answeredId));
    const pingId = `ping-${++pings}`;
    const pong = await raw.request({ jsonrpc: "2.0", id: pingId, method: "ping" });
    answers.push(...raw.take());
    abuse.check(answers);
    expect(pong).toEqual({ jsonrpc: "2.0", id: pingId, result: {} });
    expect(raw.strayLines).toEqual([]);
  });

  it("still serves a real tool call and exits cleanly when stdin closes", async () => {
    const answer = await raw.request({
      jsonrpc: "2.0",
      id: "final",
      method: "tools/call",
      params: { name: server.knownGood.tool, arguments: server.knownGood.args },
    });
    expect((answer.result as { isError?: boolean } | undefined)?.isError).toBeFalsy();
    expect(answer.result).toBeDefined();
    expect(await raw.stop()).toBe(0);
  });
});

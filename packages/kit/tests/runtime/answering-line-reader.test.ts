import { describe, expect, it } from "vitest";
import { AnsweringLineReader, type LineRefusal } from "../../src/runtime/answering-line-reader.js";

function readerWithRefusals() {
  const refusals: LineRefusal[] = [];
  const reader = new AnsweringLineReader((refusal) => refusals.push(refusal));
  const readAll = () => {
    const messages: unknown[] = [];
    for (let message = reader.readMessage(); message !== null; message = reader.readMessage()) {
      messages.push(message);
    }
    return messages;
  };
  return { reader, refusals, readAll };
}

describe("the stdio line reader", () => {
  it("joins a message split across chunks and reads CRLF lines", () => {
    const { reader, refusals, readAll } = readerWithRefusals();
    reader.append(Buffer.from('{"jsonrpc":"2.0","id":1,'));
    expect(readAll()).toEqual([]);
    reader.append(
      Buffer.from('"method":"ping"}\r\n{"jsonrpc":"2.0","method":"notifications/x"}\n'),
    );
    expect(readAll()).toEqual([
      { jsonrpc: "2.0", id: 1, method: "ping" },
      { jsonrpc: "2.0", method: "notifications/x" },
    ]);
    expect(refusals).toEqual([]);
  });

  it("answers what is not a message, with the id it carries, and reads on past it", () => {
    const { reader, refusals, readAll } = readerWithRefusals();
    const lines = [
      "not json",
      "",
      "   ",
      '{"jsonrpc":"2.0","id":6,"method":5}',
      '{"jsonrpc":"2.0","id":"s","method":"tools/call","params":"x"}',
      '{"id":7,"method":"ping"}',
      "[1,2]",
      "null",
      '{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}',
      '{"jsonrpc":"2.0","id":9,"method":"ping"}',
    ];
    reader.append(Buffer.from(`${lines.join("\n")}\n`));
    expect(readAll()).toEqual([{ jsonrpc: "2.0", id: 9, method: "ping" }]);
    expect(refusals.map((refusal) => [refusal.id, refusal.error.code])).toEqual([
      [null, -32700],
      [6, -32600],
      ["s", -32600],
      [7, -32600],
      [null, -32600],
      [null, -32600],
      [null, -32600],
    ]);
    for (const refusal of refusals) expect(refusal.jsonrpc).toBe("2.0");
  });

  it("skips a line longer than 10 MiB to its end, answers it with its id, and reads on", () => {
    const { reader, refusals, readAll } = readerWithRefusals();
    const head = '{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"arguments":{"x":"';
    reader.append(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\n'));
    reader.append(Buffer.from(head));
    // 11 MiB in 64 KiB chunks, as stdin delivers them; nothing is read meanwhile.
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    for (let sent = 0; sent < 11 * 1024 * 1024; sent += chunk.length) reader.append(chunk);
    expect(readAll()).toEqual([{ jsonrpc: "2.0", id: 1, method: "ping" }]);
    expect(refusals).toEqual([]);
    reader.append(Buffer.from('"}}}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n'));
    expect(readAll()).toEqual([{ jsonrpc: "2.0", id: 2, method: "ping" }]);
    expect(refusals).toEqual([
      {
        jsonrpc: "2.0",
        id: 42,
        error: {
          code: -32600,
          message: "Invalid Request: the line is longer than 10485760 bytes and was not read",
        },
      },
    ]);
  });

  it("keeps a line of exactly 10 MiB", () => {
    const { reader, readAll } = readerWithRefusals();
    const prefix = '{"jsonrpc":"2.0","method":"notifications/x","params":{"x":"';
    const suffix = '"}}';
    const filler = 10 * 1024 * 1024 - prefix.length - suffix.length;
    reader.append(Buffer.from(`${prefix}${"b".repeat(filler)}${suffix}\n`));
    const [message] = readAll() as { params: { x: string } }[];
    expect(message?.params.x.length).toBe(filler);
  });
});

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

  it("refuses a line growing past 10 MiB and starts afresh", () => {
    const { reader, readAll } = readerWithRefusals();
    reader.append(Buffer.alloc(10 * 1024 * 1024, 0x20));
    expect(() => reader.append(Buffer.from("x"))).toThrow(/more than 10485760 bytes/);
    reader.append(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\n'));
    expect(readAll()).toEqual([{ jsonrpc: "2.0", id: 1, method: "ping" }]);
  });
});

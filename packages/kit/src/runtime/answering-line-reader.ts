import { JSONRPCMessageSchema } from "@modelcontextprotocol/core";
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { ProtocolErrorCode } from "@modelcontextprotocol/server";
import { topLevelId } from "./top-level-id.js";

/** The longest line read, as the SDK's own reader allows; a longer one is skipped. */
export const MOST_LINE_BYTES = 10 * 1024 * 1024;

/** An error response to a line that is no JSON-RPC message, with its id when one was found. */
export interface LineRefusal {
  jsonrpc: "2.0";
  id: string | number | null;
  error: { code: number; message: string };
}

const NOT_JSON = "Parse error: the line is not JSON";
const NOT_A_MESSAGE =
  'Invalid Request: not a JSON-RPC 2.0 message (it needs "jsonrpc": "2.0", a string "method" ' +
  'and, when present, object "params")';
const TOO_LONG = `Invalid Request: the line is longer than ${MOST_LINE_BYTES} bytes and was not read`;

/** A line too long to keep: its first bytes, for its id. */
interface SkippedLine {
  head: string;
}

/**
 * Reads stdin's lines into JSON-RPC messages, as the SDK's stdio reader does, but answers a
 * line that is not one instead of only reporting it, since the client would otherwise wait for
 * ever (docs/contract.md §5.6): not JSON is `-32700` with id `null`; JSON that is no JSON-RPC
 * message is `-32600` with the id it carries. A line longer than {@link MOST_LINE_BYTES} is
 * skipped up to its end and answered `-32600` with the id its first bytes name, where the SDK's
 * reader would end the session. Blank lines are skipped. Each byte is looked at once: a line
 * is kept as the chunks it came in until its end arrives.
 */
export class AnsweringLineReader {
  /** Parts of the line under way (no newline in them). */
  private parts: Buffer[] = [];
  private partBytes = 0;
  /** The line under way is too long: its bytes are dropped until its end. */
  private skipped: SkippedLine | undefined;
  /** Whole lines not read yet, from `next` on. */
  private lines: (string | SkippedLine)[] = [];
  private next = 0;

  /** @param refuse - sends the error response (and reports it) */
  constructor(private readonly refuse: (refusal: LineRefusal) => void) {}

  append(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      this.keep(chunk.subarray(start, end));
      this.endLine();
      start = end + 1;
    }
    if (start < chunk.length) this.keep(chunk.subarray(start));
  }

  /** The next whole message, or `null` when no whole line is left. */
  readMessage(): JSONRPCMessage | null {
    while (this.next < this.lines.length) {
      const line = this.lines[this.next] as string | SkippedLine;
      this.next += 1;
      const message = typeof line === "string" ? this.messageOf(line) : this.tooLong(line);
      if (message !== undefined) return message;
    }
    this.lines = [];
    this.next = 0;
    return null;
  }

  clear(): void {
    this.parts = [];
    this.partBytes = 0;
    this.skipped = undefined;
    this.lines = [];
    this.next = 0;
  }

  private keep(part: Buffer): void {
    if (this.skipped !== undefined || part.length === 0) return;
    if (this.partBytes + part.length <= MOST_LINE_BYTES) {
      this.parts.push(part);
      this.partBytes += part.length;
      return;
    }
    const head = Buffer.concat([...this.parts, part]).toString("utf8", 0, 1024);
    this.skipped = { head };
    this.parts = [];
    this.partBytes = 0;
  }

  private endLine(): void {
    if (this.skipped !== undefined) {
      this.lines.push(this.skipped);
      this.skipped = undefined;
      return;
    }
    const bytes = this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts);
    this.parts = [];
    this.partBytes = 0;
    const line = bytes === undefined ? "" : bytes.toString("utf8").replace(/\r$/, "");
    if (/\S/.test(line)) this.lines.push(line);
  }

  private messageOf(line: string): JSONRPCMessage | undefined {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.refuse(refusal(null, ProtocolErrorCode.ParseError, NOT_JSON));
      return undefined;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    const id = (value as { id?: unknown } | null)?.id;
    const usable = typeof id === "string" || (typeof id === "number" && Number.isFinite(id));
    this.refuse(refusal(usable ? id : null, ProtocolErrorCode.InvalidRequest, NOT_A_MESSAGE));
    return undefined;
  }

  private tooLong(line: SkippedLine): undefined {
    this.refuse(refusal(topLevelId(line.head) ?? null, ProtocolErrorCode.InvalidRequest, TOO_LONG));
    return undefined;
  }
}

function refusal(id: string | number | null, code: number, message: string): LineRefusal {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

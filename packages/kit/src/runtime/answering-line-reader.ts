import type { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  ErrorCode,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
} from "@modelcontextprotocol/sdk/types.js";

/** The most bytes a line may hold while it is read, as the SDK's own reader allows. */
const MOST_BUFFERED_BYTES = 10 * 1024 * 1024;

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

/**
 * Reads stdin's lines into JSON-RPC messages, as the SDK's stdio reader does, but answers a
 * line that is not one instead of only reporting it: a client that sent a malformed request
 * would otherwise wait for ever (docs/contract.md §5.6). A line that is not JSON gets `-32700`
 * with id `null`; JSON that is no JSON-RPC message gets `-32600` with the id it carries (or
 * `null`). Blank lines are skipped.
 */
export class AnsweringLineReader {
  private buffer: Buffer | undefined;

  /** @param refuse - sends the error response and reports why */
  constructor(private readonly refuse: (refusal: LineRefusal) => void) {}

  append(chunk: Buffer): void {
    const size = (this.buffer?.length ?? 0) + chunk.length;
    if (size > MOST_BUFFERED_BYTES) {
      this.clear();
      throw new Error(`a line of more than ${MOST_BUFFERED_BYTES} bytes was sent`);
    }
    this.buffer = this.buffer ? Buffer.concat([this.buffer, chunk]) : chunk;
  }

  /** The next whole message, or `null` when no whole line is buffered. */
  readMessage(): JSONRPCMessage | null {
    while (this.buffer !== undefined) {
      const end = this.buffer.indexOf(0x0a);
      if (end === -1) return null;
      const line = this.buffer.toString("utf8", 0, end).replace(/\r$/, "");
      this.buffer = this.buffer.subarray(end + 1);
      const message = this.messageOf(line);
      if (message !== undefined) return message;
    }
    return null;
  }

  clear(): void {
    this.buffer = undefined;
  }

  private messageOf(line: string): JSONRPCMessage | undefined {
    if (line.trim() === "") return undefined;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.refuse({
        jsonrpc: "2.0",
        id: null,
        error: { code: ErrorCode.ParseError, message: NOT_JSON },
      });
      return undefined;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    const id = (value as { id?: unknown } | null)?.id;
    this.refuse({
      jsonrpc: "2.0",
      id: typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null,
      error: { code: ErrorCode.InvalidRequest, message: NOT_A_MESSAGE },
    });
    return undefined;
  }
}

/**
 * Gives a stdio transport a reader that answers malformed lines. The SDK keeps its reader in a
 * field of its own; when a later SDK has none, the transport keeps its own reader.
 *
 * @param transport - a transport not yet started
 * @param report - told why each refused line was refused
 * @returns whether the reader was installed
 */
export function answerMalformedLines(
  transport: StdioServerTransport,
  report: (reason: string) => void,
): boolean {
  const fields = transport as unknown as Record<string, unknown>;
  if (!(fields._readBuffer instanceof Object)) return false;
  fields._readBuffer = new AnsweringLineReader((refusal) => {
    report(refusal.error.message);
    transport.send(refusal as unknown as JSONRPCMessage).catch(() => undefined);
  });
  return true;
}

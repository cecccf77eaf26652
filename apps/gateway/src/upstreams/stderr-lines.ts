import { cutNote, STDERR_LINE_BYTES, wholeCharacterEnd } from "./bounded-text.js";

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Splits a child's stderr into lines while holding at most `maxLineBytes` of the line under
 * way: the first bytes of a line are kept, the rest only counted, and the line ends with
 * `… (N more bytes)` (docs/gateway.md §13). Stderr is only logged and quoted, so a long line
 * is cut, where a long stdout line stops the child; text that never ends in a newline costs
 * no more than a line.
 */
export class StderrLines {
  private readonly line: Buffer;
  private keptBytes = 0;
  private droppedBytes = 0;
  private endsWithReturn = false;

  constructor(maxLineBytes = STDERR_LINE_BYTES) {
    this.line = Buffer.alloc(maxLineBytes);
  }

  /**
   * Takes the next chunk of the stream.
   *
   * @param chunk - bytes as they arrived
   * @returns the lines the chunk completed, without `\n` or a trailing `\r`
   */
  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      this.keep(chunk.subarray(start, end));
      lines.push(this.finish());
      start = end + 1;
    }
    this.keep(chunk.subarray(start));
    return lines;
  }

  /** The stream ended: the line under way, if there is one, ends with it. */
  end(): string[] {
    return this.keptBytes + this.droppedBytes === 0 ? [] : [this.finish()];
  }

  private keep(part: Buffer): void {
    if (part.length === 0) return;
    const taken = Math.min(part.length, this.line.length - this.keptBytes);
    part.copy(this.line, this.keptBytes, 0, taken);
    this.keptBytes += taken;
    this.droppedBytes += part.length - taken;
    this.endsWithReturn = part[part.length - 1] === CARRIAGE_RETURN;
  }

  private finish(): string {
    let kept = this.keptBytes;
    let dropped = this.droppedBytes;
    if (this.endsWithReturn && dropped > 0) dropped--;
    else if (this.endsWithReturn) kept--;
    const end = dropped > 0 ? wholeCharacterEnd(this.line, kept) : kept;
    const text = this.line.toString("utf8", 0, end);
    const more = dropped + kept - end;
    this.keptBytes = 0;
    this.droppedBytes = 0;
    this.endsWithReturn = false;
    return more > 0 ? `${text}${cutNote(more)}` : text;
  }
}

/** The newline byte; UTF-8 never uses it inside a multi-byte character. */
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** What one chunk completed. */
export interface SplitResult {
  /** The lines the chunk completed, decoded as UTF-8, without `\n` or a trailing `\r`. */
  lines: string[];
  /** True when a line grew past the limit; the splitter then holds nothing. */
  tooLong: boolean;
}

/**
 * Splits a byte stream into lines, looking at every byte once: a chunk without a newline is
 * kept aside, not joined to what came before, so a line that arrives in N chunks costs work in
 * proportion to its length, not to N times its length. A line longer than `maxLineBytes` is
 * refused as soon as it is known to be too long, before it is all buffered.
 */
export class LineSplitter {
  private parts: Buffer[] = [];
  private partBytes = 0;
  private scanned = 0;

  constructor(readonly maxLineBytes: number) {}

  /** Bytes looked at so far, each once: the measure of the splitter's work. */
  get scannedBytes(): number {
    return this.scanned;
  }

  /**
   * Takes the next chunk of the stream.
   *
   * @param chunk - bytes as they arrived
   * @returns the lines completed, and whether a line went over the limit
   */
  push(chunk: Buffer): SplitResult {
    const lines: string[] = [];
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline;
      this.scanned += end - start + (newline === -1 ? 0 : 1);
      if (this.partBytes + (end - start) > this.maxLineBytes) {
        this.discard();
        return { lines, tooLong: true };
      }
      if (newline === -1) {
        this.keep(chunk.subarray(start));
        break;
      }
      lines.push(this.finish(chunk.subarray(start, newline)));
      start = newline + 1;
    }
    return { lines, tooLong: false };
  }

  private keep(part: Buffer): void {
    this.parts.push(part);
    this.partBytes += part.length;
  }

  private finish(last: Buffer): string {
    const whole = this.parts.length === 0 ? last : Buffer.concat([...this.parts, last]);
    this.discard();
    const length = whole.at(-1) === CARRIAGE_RETURN ? whole.length - 1 : whole.length;
    return whole.toString("utf8", 0, length);
  }

  private discard(): void {
    this.parts = [];
    this.partBytes = 0;
  }
}

/** The bytes kept of one line a child writes on stderr (docs/gateway.md §13). */
export const STDERR_LINE_BYTES = 8 * 1024;

/**
 * The bytes kept of any one text an upstream caused: a last error, a failure message, the
 * reason of a state change (docs/gateway.md §13). Twice a stderr line, so that a message
 * quoting a whole kept line still ends with its own words.
 */
export const UPSTREAM_TEXT_BYTES = 2 * STDERR_LINE_BYTES;

/**
 * What stands at the end of a cut text for the bytes that were not kept.
 *
 * @param bytes - how many bytes were cut off
 * @returns `… (N more bytes)`
 */
export function cutNote(bytes: number): string {
  return `… (${bytes} more bytes)`;
}

/**
 * Where the first `end` bytes of some UTF-8 stop on a whole character: `end`, or the start of
 * a character that `end` would cut in two.
 *
 * @param bytes - UTF-8, at least `end` bytes of it
 * @param end - where a cut is wanted
 * @returns the cut, at most `end`
 */
export function wholeCharacterEnd(bytes: Uint8Array, end: number): number {
  let start = end - 1;
  while (start > 0 && end - start < 4 && ((bytes[start] ?? 0) & 0xc0) === 0x80) start--;
  if (start < 0) return end;
  const lead = bytes[start] ?? 0;
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return start + length > end ? start : end;
}

/**
 * A text held to `maxBytes` bytes of UTF-8: unchanged when it fits, else its first bytes up
 * to a whole character and {@link cutNote} for the rest. A long text costs one pass to count.
 *
 * @param text - text that may have come from an upstream
 * @param maxBytes - the most bytes kept (the note comes on top)
 * @returns the text, or its start and a note
 */
export function boundText(text: string, maxBytes = UPSTREAM_TEXT_BYTES): string {
  // A UTF-16 unit is at most 3 bytes of UTF-8.
  if (text.length * 3 <= maxBytes) return text;
  const total = Buffer.byteLength(text);
  if (total <= maxBytes) return text;
  const head = Buffer.from(text.slice(0, maxBytes + 1));
  const kept = wholeCharacterEnd(head, maxBytes);
  return `${head.toString("utf8", 0, kept)}${cutNote(total - kept)}`;
}

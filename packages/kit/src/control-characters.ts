/**
 * The characters a log line never carries raw (docs/contract.md §6): C0 controls (newline,
 * carriage return and tab included), DEL, C1 controls, the Unicode line and paragraph
 * separators, and the bidirectional embeddings, overrides and isolates. Each can make a
 * terminal or a log viewer show something other than the line that was written: a second
 * line, a line overwritten, text reordered.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is escaped
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const SHORT_ESCAPES: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function escapeOne(character: string): string {
  const short = SHORT_ESCAPES[character];
  if (short !== undefined) return short;
  const code = character.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * Writes every control character of `text` as an escape, so that the text prints as exactly
 * what it is, on one line: `\n`, `\r` and `\t`, `\xHH` for the other C0 and C1 controls and
 * DEL, `\uHHHH` for the line separators and bidirectional controls. Everything else, a
 * backslash included, is left as it is.
 *
 * @param text - text that may come from outside the process
 * @returns the text with its control characters escaped
 */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, escapeOne);
}

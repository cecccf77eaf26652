/**
 * The most bytes of compact JSON a tool answer's `structuredContent` may take: what a model can
 * still read and a client parses in a few milliseconds (docs/world.md §5.1).
 */
export const ANSWER_BUDGET_BYTES = 65_536;

/** Printable ASCII other than a quote or a backslash: such a string is its JSON, unquoted. */
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * The UTF-8 length of a value's compact JSON, as it travels.
 *
 * @param value - any JSON value
 * @returns its size in bytes
 */
export function jsonBytes(value: unknown): number {
  if (typeof value === "string" && PLAIN_ASCII.test(value)) return value.length + 2;
  return Buffer.byteLength(JSON.stringify(value), "utf8");
}

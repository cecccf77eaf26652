import { stripContentComment } from "../inline-comment.js";

/** A heading's name and whether it ended in `(auto)`. */
export interface HeadingName {
  readonly name: string;
  readonly auto: boolean;
}

/**
 * Reads the name after a heading marker: inline comment stripped, trimmed,
 * and a trailing `(auto)` removed (which sets `auto`).
 */
export function parseHeadingName(text: string): HeadingName {
  const name = stripContentComment(text).trim();
  if (name.endsWith("(auto)")) {
    return { name: name.slice(0, -"(auto)".length).trim(), auto: true };
  }
  return { name, auto: false };
}

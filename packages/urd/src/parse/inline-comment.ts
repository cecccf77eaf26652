/**
 * Frontmatter inline comment: a `#` preceded by a space and outside `"…"` or
 * `'…'` starts a comment; the text from there on is dropped.
 */
export function stripFrontmatterComment(text: string): string {
  let quote: string | null = null;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quote !== null) {
      if (character === quote) quote = null;
      continue;
    }
    if (character === '"' || character === "'") quote = character;
    else if (character === "#" && index > 0 && text[index - 1] === " ") {
      return text.slice(0, index);
    }
  }
  return text;
}

/**
 * Content inline comment: the first ` //` and everything after it is removed,
 * then the text is right-trimmed.
 */
export function stripContentComment(text: string): string {
  const index = text.indexOf(" //");
  return (index >= 0 ? text.slice(0, index) : text).trimEnd();
}

/**
 * The short form of a source line used inside messages: the trimmed line, or
 * its first 57 characters followed by `...` when it is longer than 60.
 */
export function display(text: string): string {
  const trimmed = text.trim();
  const characters = Array.from(trimmed);
  if (characters.length <= 60) return trimmed;
  return `${characters.slice(0, 57).join("")}...`;
}

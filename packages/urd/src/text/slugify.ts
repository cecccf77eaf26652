/**
 * Turns a heading or label into an id: ASCII letters lowercased, ASCII digits
 * kept, spaces and `-` become `-`, every other character is dropped, runs of
 * `-` collapse and `-` is trimmed from both ends.
 * `The Rusty Anchor` → `the-rusty-anchor`, `Room_B` → `roomb`, `!!!` → ``.
 */
export function slugify(text: string): string {
  let slug = "";
  let pendingDash = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x20 || code === 0x2d) {
      pendingDash = slug.length > 0;
      continue;
    }
    let kept: string | null = null;
    if (code >= 0x61 && code <= 0x7a) kept = text[index] ?? null;
    else if (code >= 0x41 && code <= 0x5a) kept = String.fromCharCode(code + 32);
    else if (code >= 0x30 && code <= 0x39) kept = text[index] ?? null;
    if (kept === null) continue;
    if (pendingDash) slug += "-";
    pendingDash = false;
    slug += kept;
  }
  return slug;
}

/** Everything but ASCII letters, digits, space and `-`; what remains lowercases as ASCII. */
const DROPPED = /[^A-Za-z0-9 -]+/g;
const SEPARATOR_RUNS = /[ -]+/g;
const EDGE_DASHES = /^-|-$/g;

/**
 * Turns a heading or label into an id: ASCII letters lowercased, ASCII digits
 * kept, spaces and `-` become `-`, every other character is dropped, runs of
 * `-` collapse and `-` is trimmed from both ends.
 * `The Rusty Anchor` → `the-rusty-anchor`, `Room_B` → `roomb`, `!!!` → ``.
 */
export function slugify(text: string): string {
  // Whole-string regular expressions rather than a character loop: ids are made for every
  // location, choice and sequence, and a loop that grows the slug a character at a time
  // allocates a string per character while the compiler is still cold (most of a start-up).
  const kept = text.replace(DROPPED, "").toLowerCase();
  return kept.replace(SEPARATOR_RUNS, "-").replace(EDGE_DASHES, "");
}

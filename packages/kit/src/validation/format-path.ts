/** Longest path segment shown whole; a longer (hostile) key is cut, so answers stay small. */
const MAX_SEGMENT_LENGTH = 64;

/** Segments shown at each end of a path deeper than {@link MAX_SEGMENTS}. */
const END_SEGMENTS = 8;
/** Deepest path shown whole; a deeper one keeps its ends and counts what it leaves out. */
const MAX_SEGMENTS = 2 * END_SEGMENTS;

/**
 * Renders an issue path the way the contract names parameters: `rolls[2].dice_sides`. A path
 * more than 16 levels deep shows its first and last 8 with the count of those left out between
 * them (`a[0][0]…(399,984 more)…[0].__proto__`), so that nesting cannot make an answer large.
 */
export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length <= MAX_SEGMENTS) return joined(path, "");
  const head = joined(path.slice(0, END_SEGMENTS), "");
  const left = (path.length - MAX_SEGMENTS).toLocaleString("en-US");
  return joined(path.slice(-END_SEGMENTS), `${head}…(${left} more)…`);
}

function joined(path: readonly PropertyKey[], start: string): string {
  let text = start;
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else text += text === "" || text.endsWith("…") ? segment(key) : `.${segment(key)}`;
  }
  return text;
}

function segment(key: PropertyKey): string {
  const name = String(key);
  if (name.length <= MAX_SEGMENT_LENGTH) return name;
  return `${name.slice(0, MAX_SEGMENT_LENGTH)}…(${name.length} characters)`;
}

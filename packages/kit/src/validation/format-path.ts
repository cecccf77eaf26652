/** Longest path segment shown whole; a longer (hostile) key is cut, so answers stay small. */
const MAX_SEGMENT_LENGTH = 64;

/** Renders an issue path the way the contract names parameters: `rolls[2].dice_sides`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else text += text === "" ? segment(key) : `.${segment(key)}`;
  }
  return text;
}

function segment(key: PropertyKey): string {
  const name = String(key);
  if (name.length <= MAX_SEGMENT_LENGTH) return name;
  return `${name.slice(0, MAX_SEGMENT_LENGTH)}…(${name.length} characters)`;
}

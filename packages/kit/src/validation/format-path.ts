/** Renders an issue path the way the contract names parameters: `rolls[2].dice_sides`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else text += text === "" ? String(key) : `.${String(key)}`;
  }
  return text;
}

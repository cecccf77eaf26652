/** Where the JSON string starting at `start` (a quote) ends: the index after its closing quote. */
function stringEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index++) {
    const char = text[index];
    if (char === "\\") index += 1;
    else if (char === '"') return index + 1;
  }
  return -1;
}

function skipSpaces(text: string, start: number): number {
  let index = start;
  while (index < text.length && " \t\r\n".includes(text[index] as string)) index += 1;
  return index;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The number or string value starting at `start`, when it ends within the text. */
function valueAt(text: string, start: number): string | number | undefined {
  if (text[start] === '"') {
    const end = stringEnd(text, start);
    return end === -1 ? undefined : (JSON.parse(text.slice(start, end)) as string);
  }
  NUMBER.lastIndex = start;
  const match = NUMBER.exec(text);
  if (match === null) return undefined;
  const end = start + match[0].length;
  // In JSON a number ends at a delimiter; one cut off by the end of the text (`5e` of `5e-324`,
  // `12` of `123`) is not the number sent.
  if (!" \t\r\n,}]".includes(text[end] ?? "x")) return undefined;
  const value = Number(match[0]);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The `id` of a JSON-RPC message from the first characters of its text, for answering a line
 * too long to read: the value of the top-level object's `"id"` key when it is a number or a
 * string that ends within `head`. A key named `id` inside `params` is not taken for it.
 *
 * @param head - the start of the line
 * @returns the id, or undefined when none is found in `head`
 */
export function topLevelId(head: string): string | number | undefined {
  let index = skipSpaces(head, 0);
  if (head[index] !== "{") return undefined;
  let depth = 0;
  let expectKey = false;
  while (index < head.length) {
    const char = head[index] as string;
    if (char === '"') {
      const end = stringEnd(head, index);
      if (end === -1) return undefined;
      if (depth === 1 && expectKey) {
        const key = head.slice(index, end);
        const colon = skipSpaces(head, end);
        if (head[colon] !== ":") return undefined;
        const value = skipSpaces(head, colon + 1);
        if (key === '"id"') return valueAt(head, value);
        expectKey = false;
        index = value;
        continue;
      }
      index = end;
      continue;
    }
    if (char === "{" || char === "[") depth += 1;
    else if (char === "}" || char === "]") depth -= 1;
    if (depth === 1 && (char === "{" || char === ",")) expectKey = true;
    index += 1;
  }
  return undefined;
}

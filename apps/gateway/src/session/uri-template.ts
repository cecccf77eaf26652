/**
 * Whether a URI matches an RFC 6570 level-1 template (`{name}` expands to one or more
 * characters other than `/`).
 *
 * @param template - e.g. `fixture://item/{id}`
 * @param uri - e.g. `fixture://item/7`
 */
export function matchesTemplate(template: string, uri: string): boolean {
  let pattern = "^";
  let last = 0;
  for (const match of template.matchAll(/\{[^}]*\}/g)) {
    pattern += `${escapeRegExp(template.slice(last, match.index))}[^/]+`;
    last = (match.index ?? 0) + match[0].length;
  }
  pattern += `${escapeRegExp(template.slice(last))}$`;
  return new RegExp(pattern).test(uri);
}

/** The scheme of a URI or template (`fixture` of `fixture://…`), if any. */
export function schemeOf(uri: string): string | undefined {
  return /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(uri)?.[1];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Tool and prompt names every client accepts (docs/gateway.md §5.1). */
export const CLIENT_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** The name a client sees: `PREFIX__name` with a prefix, else the name itself. */
export function exposedName(prefix: string | undefined, name: string): string {
  return prefix === undefined ? name : `${prefix}__${name}`;
}

/** A URI's scheme and the `//` after it, when it has them: `ui://` of `ui://dice/roll.html`. */
const URI_HEAD = /^[a-zA-Z][a-zA-Z0-9+.-]*:(?:\/\/)?/;

/**
 * The URI (or URI template) a client sees for one of an upstream's: with a prefix, `PREFIX__`
 * comes right after the scheme's `://` (or `:`), so `ui://dice/roll.html` is exposed as
 * `ui://d2__dice/roll.html`, and at the very start of a URI without a scheme
 * (docs/gateway.md §5.1). The scheme stays, so a host still sees a `ui://` view, and a
 * template's expressions stay whole, so its expansions are the exposed URIs.
 *
 * @param prefix - the upstream's prefix, if any
 * @param uri - the URI or template as the upstream offers it
 */
export function exposedUri(prefix: string | undefined, uri: string): string {
  if (prefix === undefined) return uri;
  const head = URI_HEAD.exec(uri)?.[0] ?? "";
  return `${head}${prefix}__${uri.slice(head.length)}`;
}

/**
 * The upstream's own URI behind an exposed one: {@link exposedUri} undone.
 *
 * @param prefix - the upstream's prefix, if any
 * @param exposed - the URI a client sent
 * @returns the upstream's URI, or `undefined` when `exposed` does not carry the prefix
 */
export function originalUri(prefix: string | undefined, exposed: string): string | undefined {
  if (prefix === undefined) return exposed;
  // `_` is no scheme character, so a prefixed URI without a scheme still has no head here.
  const head = URI_HEAD.exec(exposed)?.[0] ?? "";
  const marker = `${prefix}__`;
  if (!exposed.startsWith(marker, head.length)) return undefined;
  return `${head}${exposed.slice(head.length + marker.length)}`;
}

/**
 * Why an exposed tool or prompt name cannot be offered, or `undefined` when it can.
 *
 * @param kind - `tool` or `prompt`
 * @param exposed - the exposed name
 * @param upstream - the server it comes from
 * @param prefix - the server's prefix, if any
 */
export function invalidNameMessage(
  kind: "tool" | "prompt",
  exposed: string,
  upstream: string,
  prefix: string | undefined,
): string | undefined {
  if (CLIENT_NAME_PATTERN.test(exposed)) return undefined;
  const base = `${kind} "${exposed}" from "${upstream}" is not a valid client ${kind} name (^[a-zA-Z0-9_-]{1,64}$); deny it or ask its author to rename it`;
  const prefixMadeItLong =
    prefix !== undefined && exposed.length > 64 && /^[a-zA-Z0-9_-]+$/.test(exposed);
  return prefixMadeItLong ? `${base}; choose a shorter prefix` : base;
}

/** An upstream as a collision message names it. */
export interface Claimant {
  readonly name: string;
  readonly prefix: string | undefined;
}

/**
 * The message of two upstreams offering the same exposed name, URI or template, with the fix
 * that fits their prefixes.
 *
 * @param kind - what they both offer
 * @param name - the exposed name, URI or template
 * @param first - the upstream that offered it first
 * @param second - the other
 * @param original - for a tool, its name at `second` (what its `tools.deny` would name)
 */
export function collisionMessage(
  kind: "tool name" | "prompt name" | "resource template" | "resource URI",
  name: string,
  first: Claimant,
  second: Claimant,
  original = name,
): string {
  const prefixes =
    first.prefix === second.prefix
      ? first.prefix === undefined
        ? `set "prefix" on one of them`
        : "give them different prefixes"
      : `change the "prefix" of one of them`;
  const fix =
    kind === "tool name" ? `${prefixes} or add "${original}" to its "tools.deny"` : prefixes;
  return `${kind} collision: "${name}" is provided by "${first.name}" and "${second.name}"; ${fix}`;
}

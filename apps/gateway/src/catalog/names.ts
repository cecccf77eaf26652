/** Tool and prompt names every client accepts (docs/gateway.md §5.1). */
export const CLIENT_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** The name a client sees: `PREFIX__name` with a prefix, else the name itself. */
export function exposedName(prefix: string | undefined, name: string): string {
  return prefix === undefined ? name : `${prefix}__${name}`;
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

/** The message of two upstreams offering the same name. */
export function collisionMessage(
  kind: "tool name" | "prompt name" | "resource template" | "resource URI",
  name: string,
  first: string,
  second: string,
): string {
  const fix =
    kind === "tool name"
      ? `set "prefix" on one of them or add "${name}" to its "tools.deny"`
      : kind === "prompt name"
        ? `set "prefix" on one of them`
        : "remove one of the servers";
  return `${kind} collision: "${name}" is provided by "${first}" and "${second}"; ${fix}`;
}

/**
 * What reading one imported file produced: its text, or why there is none. Every kind but
 * `ok` becomes an import diagnostic (docs/urd.md §6).
 */
export type ImportRead =
  | { readonly kind: "ok"; readonly source: string }
  | { readonly kind: "missing" }
  | { readonly kind: "outside-root" }
  | { readonly kind: "invalid-utf8" }
  | { readonly kind: "permission-denied" }
  | { readonly kind: "io-error"; readonly detail: string };

/** Reads an imported file by its path relative to the entry file's directory. */
export type ImportReader = (relativePath: string) => ImportRead;

/**
 * Adapts the simple `readFile` callback of `compileSource` (text or
 * `undefined` when missing) to an {@link ImportReader}. Without a callback every
 * import is missing.
 */
export function readerFromCallback(
  readFile: ((relativePath: string) => string | undefined) | undefined,
): ImportReader {
  return (relativePath) => {
    const source = readFile?.(relativePath);
    return source === undefined ? { kind: "missing" } : { kind: "ok", source };
  };
}

/** What reading one imported file produced. */
export type ReadOutcome =
  | { readonly kind: "ok"; readonly source: string }
  | { readonly kind: "missing" }
  | { readonly kind: "invalid-utf8" }
  | { readonly kind: "permission-denied" }
  | { readonly kind: "io-error"; readonly detail: string };

/** Reads an imported file by its path relative to the entry file's directory. */
export type FileReader = (relativePath: string) => ReadOutcome;

/**
 * Adapts the simple `readFile` callback of `compileSource` (text or
 * `undefined` when missing) to a {@link FileReader}. Without a callback every
 * import is missing.
 */
export function readerFromCallback(
  readFile: ((relativePath: string) => string | undefined) | undefined,
): FileReader {
  return (relativePath) => {
    const source = readFile?.(relativePath);
    return source === undefined ? { kind: "missing" } : { kind: "ok", source };
  };
}

import type { DiagnosticCode } from "../diagnostics/diagnostic.js";

/** An import path resolved against the entry directory, or why it was refused. */
export type ImportPathResult =
  | { readonly kind: "resolved"; readonly written: string; readonly path: string }
  | { readonly kind: "refused"; readonly code: DiagnosticCode; readonly message: string };

function directoryOf(path: string): string[] {
  const parts = path.split("/");
  parts.pop();
  return parts.filter((part) => part !== "" && part !== ".");
}

function collapse(parts: readonly string[]): string[] | null {
  const result: string[] = [];
  for (const part of parts) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (result.length === 0) return null;
      result.pop();
    } else {
      result.push(part);
    }
  }
  return result;
}

/**
 * The URD208 message, for a path whose `..` parts climb out of the world's
 * folder and for one whose symlinks lead out of it alike.
 */
export function outsideRootMessage(written: string): string {
  return `Import path '${written}' resolves outside the project root.`;
}

/**
 * Checks an `import:` path written in `importer` and resolves it relative to
 * the entry file's directory: empty (URD211), absolute (URD209), wrong
 * extension (URD210) or escaping the root (URD208) paths are refused.
 */
export function resolveImportPath(
  importer: string,
  importerLine: number,
  rawPath: string,
): ImportPathResult {
  const written = rawPath.trim().replaceAll("\\", "/");
  if (written === "") {
    return {
      kind: "refused",
      code: "URD211",
      message: `Empty import path at ${importer}:${importerLine}.`,
    };
  }
  if (written.startsWith("/") || /^[A-Za-z]:/.test(written)) {
    return {
      kind: "refused",
      code: "URD209",
      message: `Absolute import paths are not supported: '${written}'.`,
    };
  }
  if (!written.endsWith(".urd.md")) {
    return {
      kind: "refused",
      code: "URD210",
      message: `Import path '${written}' does not have the .urd.md extension.`,
    };
  }
  const parts = collapse([...directoryOf(importer), ...written.split("/")]);
  if (parts === null)
    return { kind: "refused", code: "URD208", message: outsideRootMessage(written) };
  return { kind: "resolved", written, path: parts.join("/") };
}

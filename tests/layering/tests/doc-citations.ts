import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { REPOSITORY_ROOT } from "./workspace.js";

/** One `<name>.md §N` citation found in a file. */
export interface Citation {
  /** The file it is in, relative to the repository root. */
  readonly file: string;
  /** Its 1-based line. */
  readonly line: number;
  /** The cited path as written, e.g. `docs/dice.md`. */
  readonly document: string;
  /** Every section it names: `§2.1 and §5.3` names two, `§2-4` names its two ends. */
  readonly sections: readonly string[];
  /** The citation as written, for the report. */
  readonly text: string;
}

const SECTION = String.raw`\d+(?:\.\d+)*|[A-Z]`;
// A path ending in `.md`, then `§N`, then more sections joined by `,` or `and` (each with its
// own §) or a range's end after `-`. `§4.4's` and `§4.` keep only the number.
const CITATION = new RegExp(
  String.raw`(?<![\w./-])((?:[\w.-]+/)*[\w.-]+\.md),? ?§ ?(${SECTION})((?:(?:,\s*|\s+and\s+)§ ?(?:${SECTION})|\s*[-–]\s*§? ?(?:${SECTION}))*)`,
  "g",
);
const FOLLOWING_SECTION = new RegExp(`(${SECTION})`, "g");

/**
 * Every `<name>.md §N` citation of a text, line by line.
 *
 * @param file - the name reported with each citation
 * @param text - the file's contents
 */
export function citationsIn(file: string, text: string): Citation[] {
  return text.split("\n").flatMap((content, index) =>
    [...content.matchAll(CITATION)].map((match) => {
      const following = [...(match[3] ?? "").matchAll(FOLLOWING_SECTION)].map((each) => each[1]);
      return {
        file,
        line: index + 1,
        document: match[1] as string,
        sections: [match[2] as string, ...(following as string[])],
        text: match[0],
      };
    }),
  );
}

/**
 * The section numbers a Markdown document's headings carry: `## 4. Output` is `4`,
 * `### 4.2 operation` is `4.2`, `## Appendix A. …` is `A`. Headings inside fenced code
 * blocks (example worlds written in Markdown) are not the document's.
 *
 * @param markdown - the document's text
 */
export function sectionNumbers(markdown: string): Set<string> {
  const numbers = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(?:Appendix\s+)?(\d+(?:\.\d+)*|[A-Z])\.?\s/.exec(line);
    if (heading) numbers.add(heading[1] as string);
  }
  return numbers;
}

/**
 * What is wrong with one citation, or nothing: it must name `docs/<name>.md` (the project's
 * own documents, the only ones a clone has), that file must exist, and so must every section
 * it names.
 *
 * @param citation - the citation to judge
 * @param sectionsOf - the section numbers of a file under docs/, undefined when it is missing
 */
export function citationProblem(
  citation: Citation,
  sectionsOf: (name: string) => ReadonlySet<string> | undefined,
): string | undefined {
  const where = `${citation.file}:${citation.line}: "${citation.text}"`;
  const name = /^docs\/([\w.-]+\.md)$/.exec(citation.document)?.[1];
  if (name === undefined) {
    return `${where} cites ${citation.document}, which is not a file under docs/: cite docs/<name>.md`;
  }
  const sections = sectionsOf(name);
  if (sections === undefined) return `${where} cites docs/${name}, which does not exist`;
  const missing = citation.sections.filter((section) => !sections.has(section));
  if (missing.length === 0) return undefined;
  return `${where}: docs/${name} has no ${missing.map((section) => `§${section}`).join(", ")}`;
}

/** The section numbers of `docs/<name>`, read once each; undefined when it does not exist. */
export function docsSections(): (name: string) => ReadonlySet<string> | undefined {
  const read = new Map<string, Set<string> | undefined>();
  return (name) => {
    if (!read.has(name)) {
      const path = join(REPOSITORY_ROOT, "docs", name);
      read.set(name, existsSync(path) ? sectionNumbers(readFileSync(path, "utf8")) : undefined);
    }
    return read.get(name);
  };
}

const SCANNED = /\.(?:ts|mts|cts|js|mjs|cjs)$/;
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", "test-results", "coverage", ".turbo"]);

/**
 * Every code file a citation may hide in: the sources, tests and benchmarks of every package
 * and app, the repository's test packages, bench/ and scripts/, as paths from the root.
 */
export function citingFiles(): string[] {
  const roots = ["packages", "apps", "tests", "bench", "scripts"];
  return roots.flatMap((root) => codeFiles(join(REPOSITORY_ROOT, root)));
}

function codeFiles(folder: string): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : codeFiles(path);
    if (!SCANNED.test(entry.name) || entry.name.endsWith(".d.ts")) return [];
    return [relative(REPOSITORY_ROOT, path)];
  });
}

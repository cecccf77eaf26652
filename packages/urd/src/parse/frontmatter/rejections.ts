import type { DiagnosticCode } from "../../diagnostics/diagnostic.js";

/** A frontmatter line the subset refuses, with the code and message to report. */
export interface Rejection {
  readonly code: DiagnosticCode;
  readonly message: string;
}

const identifierStart = /[A-Za-z0-9_]/;

function isAnchor(text: string): boolean {
  if (!text.includes("&") || text.includes("&&")) return false;
  const index = text.indexOf("&");
  const next = text[index + 1];
  if (next === undefined || !identifierStart.test(next)) return false;
  const before = text.slice(0, index);
  return before === "" || before.endsWith(" ") || before.endsWith(":");
}

function isAlias(text: string): boolean {
  const next = text[1];
  return text.startsWith("*") && next !== undefined && identifierStart.test(next);
}

/**
 * Tests a trimmed top-level frontmatter line against the YAML features the
 * subset rejects (URD105–URD109), in that order. Returns null when none applies.
 */
export function findRejection(trimmed: string): Rejection | null {
  if (isAnchor(trimmed)) {
    return {
      code: "URD105",
      message: "YAML anchors are not supported in Urd frontmatter. Define each value explicitly.",
    };
  }
  if (isAlias(trimmed)) {
    return {
      code: "URD106",
      message: "YAML aliases are not supported in Urd frontmatter. Repeat the value where needed.",
    };
  }
  if (trimmed.startsWith("<<:") || trimmed === "<<") {
    return { code: "URD107", message: "YAML merge keys are not supported in Urd frontmatter." };
  }
  if (trimmed.includes("!!")) {
    return { code: "URD108", message: "YAML custom tags are not supported in Urd frontmatter." };
  }
  if (trimmed.startsWith("- ") || trimmed === "-") {
    return {
      code: "URD109",
      message: "Block-style lists are not supported. Use flow-style lists: [item1, item2].",
    };
  }
  return null;
}

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  citationProblem,
  citationsIn,
  citingFiles,
  docsSections,
  sectionNumbers,
} from "./doc-citations.js";
import { REPOSITORY_ROOT } from "./workspace.js";

// A comment that explains a rule by citing a document is only useful to someone who can open
// the document: every citation names a file under docs/ and a section that file has.

// Written in pieces so that this file's own samples are not citations the scan finds.
const md = (name: string, sections: string): string => `${name}.md §${sections}`;

describe("reading citations", () => {
  it("finds each citation with every section it names, however it is joined", () => {
    const text = [
      `/** Spaces calls (${md("docs/contract", "7.5")}): in order. */`,
      `// ${md("docs/dice", "2.3")}'s rule and ${md("docs/world", "4.6")}, §5.4 both apply`,
      `// see ${md("docs/duality", "2.1")} and §5.3, then ${md("docs/dice", "2-4")}.`,
      `// ${md("campaign", "4.11")}, and the file main.urd.md with no section`,
    ].join("\n");

    const found = citationsIn("sample.ts", text).map(({ line, document, sections }) => ({
      line,
      document,
      sections,
    }));

    expect(found).toEqual([
      { line: 1, document: "docs/contract.md", sections: ["7.5"] },
      { line: 2, document: "docs/dice.md", sections: ["2.3"] },
      { line: 2, document: "docs/world.md", sections: ["4.6", "5.4"] },
      { line: 3, document: "docs/duality.md", sections: ["2.1", "5.3"] },
      { line: 3, document: "docs/dice.md", sections: ["2", "4"] },
      { line: 4, document: "campaign.md", sections: ["4.11"] },
    ]);
  });

  it("reads section numbers from headings, not from Markdown inside code fences", () => {
    const markdown = [
      "# The title",
      "## 1. Files",
      "### 1.2 Stages",
      "```",
      "# 7. Example world heading",
      "```",
      "## 10. Diagnostics",
      "## Appendix A. Worked example",
      "Text that mentions 3. in passing",
    ].join("\n");

    expect([...sectionNumbers(markdown)].sort()).toEqual(["1", "1.2", "10", "A"]);
  });

  it("names the file, the line and what is wrong with a bad citation", () => {
    const sections = (name: string) => (name === "dice.md" ? new Set(["2", "2.1"]) : undefined);
    const problems = citationsIn(
      "packages/x/src/a.ts",
      [
        `// ${md("docs/dice", "2.1")}`,
        `// ${md("docs/dice", "2.1")} and §9.9`,
        `// ${md("docs/nowhere", "1")}`,
        `// ${md("campaign", "4")}`,
      ].join("\n"),
    ).map((citation) => citationProblem(citation, sections));

    expect(problems).toEqual([
      undefined,
      `packages/x/src/a.ts:2: "${md("docs/dice", "2.1")} and §9.9": docs/dice.md has no §9.9`,
      `packages/x/src/a.ts:3: "${md("docs/nowhere", "1")}" cites docs/nowhere.md, which does not exist`,
      `packages/x/src/a.ts:4: "${md("campaign", "4")}" cites campaign.md, which is not a file under docs/: cite docs/<name>.md`,
    ]);
  });
});

describe("citations in the repository", () => {
  const files = citingFiles();
  const citations = files.flatMap((file) =>
    citationsIn(file, readFileSync(join(REPOSITORY_ROOT, file), "utf8")),
  );

  it("are looked for in the sources and tests of every package, app and test package", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "packages/kit/src/runtime/rate-limiter.ts",
        "packages/dice/src/engine/index.ts",
        "apps/gateway/src/gateway.ts",
        "tests/reliability/tests/support/contract-check.ts",
      ]),
    );
    expect(files.some((file) => file.includes("node_modules") || file.includes("/dist/"))).toBe(
      false,
    );
    expect(citations.length).toBeGreaterThan(100);
  });

  it("each name a file under docs/ and sections it has", () => {
    const sectionsOf = docsSections();
    const problems = citations
      .map((citation) => citationProblem(citation, sectionsOf))
      .filter((problem): problem is string => problem !== undefined);
    expect(problems, `${problems.length} citations to fix:\n${problems.join("\n")}`).toEqual([]);
  });
});

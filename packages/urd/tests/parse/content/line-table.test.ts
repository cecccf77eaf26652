import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ContentNode } from "../../../src/parse/ast.js";
import { parseContentLines } from "../../helpers/parse.js";

/**
 * The content line table as the language reference orders it: the first rule whose test takes
 * the line decides, and the rule's parser may still refuse the line (URD112, an `error` node).
 * An empty list of kinds means the line makes no node (a comment).
 */
const table: readonly { matches: (rest: string) => boolean; kinds: ContentNode["kind"][] }[] = [
  { matches: (rest) => rest.startsWith("? any:"), kinds: ["or-block"] },
  { matches: (rest) => rest.startsWith("rule ") && rest.endsWith(":"), kinds: ["rule"] },
  { matches: (rest) => rest.startsWith("-> "), kinds: ["exit", "jump"] },
  {
    matches: (rest) => rest.startsWith("* ") || rest.startsWith("+ "),
    kinds: ["choice", "error"],
  },
  { matches: (rest) => rest.startsWith("@"), kinds: ["speech", "stage-direction", "error"] },
  { matches: (rest) => rest.startsWith("[@"), kinds: ["presence"] },
  { matches: (rest) => rest.startsWith("// ") || rest === "//", kinds: [] },
  { matches: (rest) => rest.startsWith("### "), kinds: ["phase"] },
  { matches: (rest) => rest.startsWith("## "), kinds: ["sequence"] },
  { matches: (rest) => rest.startsWith("# "), kinds: ["location"] },
  { matches: (rest) => rest.startsWith("== "), kinds: ["section"] },
  { matches: (rest) => rest.startsWith("? "), kinds: ["condition", "error"] },
  { matches: (rest) => rest.startsWith("> "), kinds: ["effect"] },
  { matches: (rest) => rest.startsWith("! "), kinds: ["blocked"] },
  { matches: (rest) => rest.startsWith("#") || rest.startsWith("?"), kinds: ["error"] },
  { matches: () => true, kinds: ["prose"] },
];

function expectedKinds(rest: string): readonly ContentNode["kind"][] {
  return table.find((rule) => rule.matches(rest))?.kinds ?? [];
}

/** Line starts: every prefix of the table, and near misses of each. */
const starts = [
  "? any:",
  "? any",
  "?any:",
  "rule ",
  "rule",
  "-> ",
  "->",
  "-",
  "* ",
  "*",
  "+ ",
  "+",
  "@",
  "[@",
  "[",
  "// ",
  "//",
  "/",
  "### ",
  "###",
  "## ",
  "# ",
  "#",
  "== ",
  "==",
  "? ",
  "?",
  "> ",
  ">",
  "! ",
  "!",
  "r",
  "",
];

/** Tails drawn from the characters the table looks at, so that prefixes and endings collide. */
const tail = fc
  .array(
    fc.constantFrom("a", "Z", "1", " ", ":", "@", "#", "?", "/", "-", ">", "=", "!", ".", "]"),
    {
      maxLength: 12,
    },
  )
  .map((characters) => characters.join(""));

describe("the content line table, looked up by first character", () => {
  it("gives every line the node kind of the first rule that takes it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...starts), tail, (start, end) => {
        const line = `${start}${end}`;
        // Indentation is not part of what the rules see; a blank line is no node at all.
        const rest = line.replace(/^ +/, "");
        const [intro, ...nodes] = parseContentLines("Intro.", line);
        expect(intro?.kind).toBe("prose");
        if (rest.trim() === "" || expectedKinds(rest).length === 0) {
          expect(nodes).toEqual([]);
          return;
        }
        expect(nodes).toHaveLength(1);
        expect(expectedKinds(rest)).toContain(nodes[0]?.kind);
      }),
      { numRuns: 3000 },
    );
  });
});

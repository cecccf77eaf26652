import { describe, expect, it } from "vitest";
import type { ContentNode } from "../../../src/parse/ast.js";
import { contentSpanOf, lineSpanOf, lines } from "../../helpers/fixtures.js";
import { parseContentLines, parseText } from "../../helpers/parse.js";

const kinds = (nodes: readonly ContentNode[]) => nodes.map((node) => node.kind);

describe("the content line table", () => {
  it("classifies each line by the first matching rule", () => {
    const nodes = parseContentLines(
      "? any:",
      "rule r:",
      "### Phase",
      "## Sequence",
      "# Location",
      "== section",
      "@entity: hello",
      "-> target",
      "? @a.b == 1",
      "> @a.b = 2",
      "* One-shot",
      "+ Sticky",
      "! Blocked",
      "[@a, @b]",
      "// comment",
      "//",
      "Prose text",
    );
    expect(kinds(nodes)).toEqual([
      "or-block",
      "rule",
      "phase",
      "sequence",
      "location",
      "section",
      "speech",
      "jump",
      "condition",
      "effect",
      "choice",
      "choice",
      "blocked",
      "presence",
      "prose",
    ]);
  });

  it("reports URD112 for malformed headings, conditions and entity lines", () => {
    const { diagnostics, file } = parseText(
      lines("#Bad", "####", "?bad", "? @rock weight", "@Rock: Hi", "@guard.mood", "@: x", "*   "),
    );
    expect(diagnostics.items.map((d) => [d.code, d.span.start_line])).toEqual([
      ["URD112", 1],
      ["URD112", 2],
      ["URD112", 3],
      ["URD112", 4],
      ["URD112", 5],
      ["URD112", 6],
      ["URD112", 7],
      ["URD112", 8],
    ]);
    expect(diagnostics.items[4]?.message).toBe("Unrecognised syntax at line 5: '@Rock: Hi'.");
    expect(kinds(file.content)).toEqual(Array(8).fill("error"));
  });

  it("strips inline comments from headings, speech, labels and prose but not from jumps or labels of sections", () => {
    const nodes = parseContentLines(
      "# The Hall // note",
      "== talk // kept",
      "@guard: Halt. // note",
      "* Ask // note",
      "-> somewhere // kept",
      "Plain. // note",
    );
    expect(
      nodes.map((node) =>
        "name" in node
          ? node.name
          : "text" in node
            ? node.text
            : "label" in node
              ? node.label
              : "target" in node
                ? node.target
                : "",
      ),
    ).toEqual(["The Hall", "talk // kept", "Halt.", "Ask", "somewhere // kept", "Plain."]);
  });

  it("reads phase headings with (auto)", () => {
    const [phase] = parseContentLines("### Reveal (auto)");
    expect(phase).toMatchObject({ kind: "phase", name: "Reveal", auto: true });
  });

  it("reads speech, stage directions and bare entity lines", () => {
    expect(
      parseContentLines("@arina: What'll it be?", "@arina leans back.", "@arina", "@arina:"),
    ).toMatchObject([
      { kind: "speech", entity: "arina", text: "What'll it be?" },
      { kind: "stage-direction", entity: "arina", text: "leans back." },
      { kind: "stage-direction", entity: "arina", text: "" },
      { kind: "speech", entity: "arina", text: "" },
    ]);
  });
});

describe("arrow lines", () => {
  it("reads exit declarations with their condition and blocked-message children", () => {
    const [exit, prose] = parseContentLines(
      "-> garden: The Walled Garden",
      "  ? @gate.locked == false",
      "",
      "  ! Sealed.",
      "  Not a child.",
    );
    expect(exit).toMatchObject({
      kind: "exit",
      direction: "garden",
      destination: "The Walled Garden",
      children: [{ kind: "condition" }, { kind: "blocked", text: "Sealed." }],
    });
    expect(prose).toMatchObject({ kind: "prose", text: "Not a child." });
  });

  it("tells exit-qualified jumps and plain jumps apart from declarations", () => {
    expect(
      parseContentLines("-> exit:north", "-> exit: north", "-> end", "-> a:b: c"),
    ).toMatchObject([
      { kind: "jump", target: "north", exitQualified: true },
      { kind: "jump", target: "north", exitQualified: true },
      { kind: "jump", target: "end", exitQualified: false },
      { kind: "jump", target: "a:b: c", exitQualified: false },
    ]);
  });
});

describe("choices", () => {
  it("owns the deeper-indented lines after it, blank lines included", () => {
    const [choice, after] = parseContentLines(
      "* Listen",
      "  @ghost: Words.",
      "",
      "  * Press",
      "    ? @ghost.trust >= 5",
      "    -> revelation",
      "* Leave",
    );
    expect(choice).toMatchObject({
      kind: "choice",
      label: "Listen",
      sticky: false,
      depth: 0,
      children: [
        { kind: "speech" },
        {
          kind: "choice",
          label: "Press",
          depth: 1,
          children: [{ kind: "condition" }, { kind: "jump" }],
        },
      ],
    });
    expect(after).toMatchObject({ kind: "choice", label: "Leave" });
  });

  it("reads entity, type and bare targets after ->", () => {
    expect(
      parseContentLines("* Force -> @gate", "+ Pick -> any Door", "* Leave -> harbour"),
    ).toMatchObject([
      { label: "Force", sticky: false, target: { kind: "entity", id: "gate" } },
      { label: "Pick", sticky: true, target: { kind: "type", name: "Door" } },
      { label: "Leave", target: { kind: "entity", id: "harbour" } },
    ]);
  });

  it("keeps an indented line at the top level when no choice owns it", () => {
    const nodes = parseContentLines("== s", "  ? @a.b == 1", "  -> s");
    expect(kinds(nodes)).toEqual(["section", "condition", "jump"]);
  });
});

describe("presence, or-blocks and rules", () => {
  it("reads presence lists and keeps the bracket when the list is not closed", () => {
    expect(parseContentLines("[@a, @b, , c]", "[@a, @b")).toMatchObject([
      { kind: "presence", entries: ["a", "b", "c"] },
      { kind: "presence", entries: ["[@a", "b"] },
    ]);
  });

  it("stops an or-block at the first blank line, leaving later lines to the table", () => {
    const source = lines(
      "? any:",
      "  @a.b >= 5",
      "  nonsense",
      "  @c in player",
      "",
      "  @d.e == 1",
    );
    const [block, stray] = parseText(source).file.content;
    expect(block).toMatchObject({
      kind: "or-block",
      members: [{ kind: "comparison" }, { kind: "containment" }],
      span: {
        ...contentSpanOf("t.urd.md", source, 1),
        end_line: 4,
        end_col: contentSpanOf("t.urd.md", source, 4).end_col,
      },
    });
    if (block?.kind !== "or-block") throw new Error("expected an or-block");
    expect(block.members[0]?.span).toEqual(lineSpanOf("t.urd.md", source, 2));
    expect(stray?.kind).toBe("error");
  });

  it("reads a rule's actor, select list, where-clauses and bound-variable effects", () => {
    const [rule] = parseContentLines(
      "rule monty_reveals:",
      "  actor: @host action reveal",
      "  where @host.revealed == false",
      "  selects door from [@door_1, @door_2]",
      "    where door.prize == goat",
      "    where target.open == true",
      "  > reveal door.prize",
      "  > move door -> @host",
      "  > door.count + 1",
      "  ignored line",
    );
    expect(rule).toMatchObject({
      kind: "rule",
      name: "monty_reveals",
      actor: "host",
      trigger: "action reveal",
      where: [{ subject: { kind: "entity", id: "host" }, property: "revealed" }],
      select: {
        variable: "door",
        from: ["door_1", "door_2"],
        where: [
          {
            subject: { kind: "bound", name: "door" },
            property: "prize",
            operator: "==",
            value: "goat",
          },
          { subject: { kind: "reserved", name: "target" }, property: "open" },
        ],
      },
      effects: [
        { kind: "reveal", access: { subject: { kind: "bound", name: "door" }, property: "prize" } },
        { kind: "move", entity: { kind: "bound", name: "door" }, destination: "host" },
        { kind: "set", operator: "+", access: { subject: { kind: "bound", name: "door" } } },
      ],
      span: { start_line: 1, end_line: 10 },
    });
  });
});

import { describe, expect, it } from "vitest";
import {
  compileFixture,
  compileText,
  contentSpanOf,
  lines,
  readFixture,
} from "../helpers/fixtures.js";

const file = "authored-link-errors.urd.md";

describe("LINK messages (authored-link-errors)", () => {
  const diagnostics = compileFixture(file).diagnostics;
  const message = (line: number, code: string) =>
    diagnostics.find((d) => d.span.start_line === line && d.code === code)?.message;

  it("reports duplicate declarations with both places", () => {
    expect(message(8, "URD303")).toBe(
      `Duplicate type name 'Person' declared in ${file}:6 and ${file}:8.`,
    );
    expect(message(12, "URD302")).toBe(
      `Duplicate entity ID '@ann' declared in ${file}:11 and ${file}:12.`,
    );
    expect(message(40, "URD305")).toBe(
      `Duplicate section name 'chat' in ${file}. Section names must be unique within a file.`,
    );
    expect(message(33, "URD306")).toBe(
      "Duplicate choice ID 'authored-link-errors/chat/ask' in section 'authored-link-errors/chat'. Choices 'Ask' and 'Ask!' produce the same slugified ID.",
    );
    expect(message(42, "URD304")).toBe(
      "Duplicate location ID 'hall' — locations 'Hall' and 'HALL' both slugify to 'hall'.",
    );
  });

  it("reports unknown types, properties, entities and destinations", () => {
    expect(message(13, "URD307")).toBe("Unknown type 'Persn' for entity '@bob'.");
    expect(message(11, "URD308")).toBe("Property 'height' does not exist on type 'Person'.");
    expect(message(29, "URD308")).toBe("Property 'age' does not exist on type 'Person'.");
    expect(message(19, "URD301")).toBe("Unresolved entity reference '@zed'.");
    expect(message(22, "URD312")).toBe(
      "Exit destination 'Nowhere Land' does not resolve to any known location.",
    );
    expect(message(15, "URD314")).toBe("Exit construct outside of a location context.");
    expect(message(48, "URD313")).toBe("Heading '!!!' produces an empty ID after slugification.");
  });

  it("reports unresolved jumps, exit references and exhaustion checks", () => {
    expect(message(31, "URD309")).toBe(
      "Unresolved jump target 'missing'. No section or exit with this name exists in scope.",
    );
    expect(message(34, "URD311")).toBe(
      "Unresolved exit reference 'exit:south'. No exit with this name exists in the current location.",
    );
    expect(message(37, "URD309")).toBe(
      "Unresolved section 'chatter' in exhaustion check. No section with this name exists in the current file.",
    );
  });

  it("warns about shadowing between sections, exits and the end terminal", () => {
    expect(message(38, "URD310")).toBe(
      "Section 'north' shadows exit 'north' in this location. Use -> exit:north to target the exit.",
    );
    expect(message(53, "URD431")).toBe(
      "Section 'end' shadows the built-in '-> end' terminal. The jump will always end the conversation, not jump to this section. Consider renaming the section.",
    );
    expect(message(44, "URD434")).toBe(
      "Section 'north' in location 'hall' shares a name with exit 'north'. Jumps to 'north' will target the section, not the exit. Use -> exit:north to target the exit explicitly.",
    );
  });

  it("still builds the FactSet after LINK errors, but no world", () => {
    const result = compileFixture(file);
    expect(result.world).toBeNull();
    expect(result.facts?.jumps.map((jump) => [jump.from_section, jump.target])).toEqual([
      ["authored-link-errors/chat", { kind: "section", id: "authored-link-errors/north" }],
      ["authored-link-errors/end", { kind: "end" }],
    ]);
  });
});

describe("LINK rules", () => {
  const types = [
    "---",
    "types:",
    "  Box [container, portable]:",
    "    open: bool = false",
    "entities:",
    "  @box: Box",
    "---",
  ];
  const codesAndMessages = (...content: string[]) =>
    compileText(lines(...types, ...content)).diagnostics.map((d) => [d.code, d.message]);

  it("skips a choice whose label slugifies to nothing, with its nested choices", () => {
    const result = compileText(lines("# Room", "== s", "* !!!", "  * Inner", "* Fine", "Text."));
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["URD313", "Heading '!!!' produces an empty ID after slugification."],
    ]);
    expect(result.facts?.choices.map((choice) => choice.choice_id)).toEqual(["test/s/fine"]);
  });

  it("reports sequences that slugify to nothing or to a taken id", () => {
    expect(
      codesAndMessages("## !!!", "## Main Quest", "### One", "## main quest", "### Two"),
    ).toEqual([
      ["URD313", "Heading '!!!' produces an empty ID after slugification."],
      [
        "URD313",
        "Duplicate sequence ID 'main-quest' — sequences 'main-quest' and 'main quest' both slugify to 'main-quest'.",
      ],
    ]);
  });

  it("reports presence and exit jumps outside any location", () => {
    expect(codesAndMessages("[@box]", "== s", "+ Go", "  -> exit:north")).toEqual([
      ["URD314", "Entity presence construct outside of a location context."],
      ["URD314", "Exit construct outside of a location context."],
    ]);
  });

  it("keeps the @ of a containment container, so '@box' does not resolve", () => {
    expect(
      codesAndMessages("# Room", "== s", "+ Look", "  ? @box in @box", "  ? @box in box"),
    ).toEqual([["URD301", "Unresolved reference '@box'."]]);
  });

  it("resolves containers and destinations to player, here, entities or locations by slug", () => {
    expect(
      codesAndMessages(
        "# Room",
        "== s",
        "+ Look",
        "  ? @box in Room",
        "  ? @box in here",
        "  > move @box -> player",
        "  > move @box -> nowhere",
      ),
    ).toEqual([["URD301", "Unresolved reference 'nowhere'."]]);
  });

  it("resolves a plain jump to an exit when no section has its name", () => {
    const result = compileText(
      lines("# Room", "-> out: Yard", "== s", "+ Leave", "  -> out", "# Yard"),
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.facts?.jumps.map((jump) => jump.target)).toEqual([
      { kind: "exit", id: "room/out" },
    ]);
  });

  it("reads a choice target that is not @-prefixed as an entity", () => {
    expect(codesAndMessages("# Room", "== s", "+ Leave -> harbour")).toEqual([
      ["URD301", "Unresolved entity reference '@harbour'."],
    ]);
  });

  it("lets a repeated exit direction replace the earlier one in its place", () => {
    const result = compileText(
      lines("# Room", "-> north: A", "-> east: B", "-> north: B", "# A", "# B"),
    );
    expect(result.world?.locations?.room?.exits).toEqual({ north: { to: "b" }, east: { to: "b" } });
  });

  it("does not clear the section or move the location on a heading with an empty slug", () => {
    const result = compileText(lines("# Room", "== s", "# !!!", "+ Stay", "  -> s"));
    expect(result.facts?.choices.map((choice) => choice.section)).toEqual(["test/s"]);
  });

  it("clears the current section at a location heading", () => {
    const result = compileText(lines("# Room", "== s", "# Other", "+ Orphan", "  -> s"));
    expect(result.facts?.choices).toEqual([]);
    expect(result.facts?.jumps).toEqual([]);
  });

  it("reports a duplicate rule name", () => {
    expect(
      codesAndMessages("rule r:", "  > @box.open = true", "", "rule r:", "  > @box.open = false"),
    ).toContainEqual([
      "URD302",
      "Duplicate rule name 'r' declared in test.urd.md:8 and test.urd.md:11.",
    ]);
  });

  it("never resolves reserved or bound subjects", () => {
    expect(
      codesAndMessages(
        "# Room",
        "== s",
        "+ Look",
        "  ? player.anything == 1",
        "  ? target.whatever != x",
        "rule r:",
        "  selects thing from [@box]",
        "    where thing.nothing == 3",
        "  > thing.nothing = 4",
        "  > move thing -> nowhere",
      ),
    ).toEqual([]);
  });
});

describe("an exit outside any location (authored-exit-outside-location)", () => {
  const fixture = "authored-exit-outside-location.urd.md";
  const source = readFixture(fixture);
  const result = compileFixture(fixture);

  it("is reported once, with URD314 on its own line, and nothing about its destination or guards", () => {
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.message, d.span])).toEqual([
      [
        "URD314",
        "error",
        "Exit construct outside of a location context.",
        contentSpanOf(fixture, source, 11),
      ],
    ]);
  });

  it("is not registered: only the exit inside the Porch is an edge, and its guards are no reads", () => {
    expect(result.facts?.exits.map((exit) => [exit.from_location, exit.exit_name])).toEqual([
      ["porch", "back"],
    ]);
    expect(result.facts?.reads).toEqual([]);
  });
});

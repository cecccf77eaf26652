import { describe, expect, it } from "vitest";
import {
  compileFixture,
  compileText,
  lineSpanOf,
  lines,
  readFixture,
} from "../helpers/fixtures.js";

describe("VALIDATE messages (authored-validate-errors)", () => {
  const messages = compileFixture("authored-validate-errors.urd.md").diagnostics.map(
    (d) => `${d.span.start_line} ${d.code} ${d.message}`,
  );

  it("checks the world block and the player entity", () => {
    expect(messages).toContain(
      "2 URD405 world.entry references 'no-such-sequence' but no sequence with that ID exists.",
    );
    expect(messages).toContain(
      "23 URD412 Player entity '@player' has type 'Rock' which is missing required trait 'mobile'. The player type must have both 'mobile' and 'container' traits.",
    );
    expect(messages).toContain(
      "23 URD412 Player entity '@player' has type 'Rock' which is missing required trait 'container'. The player type must have both 'mobile' and 'container' traits.",
    );
  });

  it("checks type defaults, references, ranges and signatures against the type's span", () => {
    expect(messages.filter((message) => message.startsWith("7 "))).toEqual([
      "7 URD413 Default value 'maybe' for property 'open' on type 'Chest' does not match the declared type 'boolean'.",
      "7 URD418 Value 7 for property 'size' on entity '@Chest' is outside the declared range [10, 5].",
      "7 URD416 Property 'size' on type 'Chest' has min (10) greater than max (5).",
      "7 URD415 Property 'owner' on type 'Chest' references unknown type 'Nobody'.",
      "7 URD413 Default value '1' for property 'weight' on type 'Chest' does not match the declared type 'string'.",
      "7 URD429 Unrecognised property type 'float' on property 'weight' of type 'Chest'. Valid types: bool, int, num, str, enum, ref, list (and their long forms). Treating as 'string'.",
    ]);
  });

  it("checks entity overrides", () => {
    expect(messages).toContain(
      "22 URD418 Value 20 for property 'value' on entity '@coin' is outside the declared range [0, 10].",
    );
    expect(messages).toContain(
      "22 URD402 Enum value 'copper' is not valid for property 'kind' on entity '@coin'. Valid values: gold, silver.",
    );
    expect(messages).toContain(
      "24 URD419 Property 'holds' on entity '@ann' requires a reference to type 'Coin' but '@chest' has type 'Chest'.",
    );
  });

  it("checks conditions and effects", () => {
    expect(messages.filter((message) => /^(3[4-9]|4[0-7]) /.test(message))).toEqual([
      "34 URD420 Operator '>' is not valid for property 'kind' of type 'enum'. Use == or != for non-numeric types.",
      "35 URD301 Unresolved reference '@chest'.",
      "36 URD422 Entity '@rock' is used as a container in containment check but its type 'Rock' does not have the 'container' trait.",
      "37 URD424 Arithmetic operator '+' is not valid for property 'open' of type 'boolean'. Arithmetic effects require integer or number properties.",
      "37 URD602 Property 'Chest.open' is written by effects but never read in any condition. The writes have no observable effect on game logic.",
      "38 URD418 Value 50 for property 'value' on entity '@coin' is outside the declared range [0, 10].",
      "39 URD425 Entity '@rock' cannot be moved because its type 'Rock' does not have the 'portable' trait.",
      "40 URD422 Entity '@rock' is used as a container in move destination but its type 'Rock' does not have the 'container' trait.",
      "41 URD426 Property 'kind' on entity '@coin' is not hidden. Reveal has no effect.",
      "44 URD401 Type mismatch: property 'value' on entity '@coin' expects integer but got 'lots'.",
      "45 URD401 Type mismatch: property 'kind' on entity '@coin' expects enum but got 'bronze'.",
      "45 URD603 Effect sets 'Coin.kind' to 'bronze' but no condition anywhere tests for this variant. The write may have no observable effect.",
      "47 URD428 Sequence 'empty-sequence' declares no phases.",
    ]);
  });

  it("quotes the raw effect value in a type mismatch", () => {
    const diagnostic = compileFixture("negative-type-mismatch.urd.md").diagnostics.find(
      (d) => d.code === "URD401",
    );
    expect(diagnostic?.message).toBe(
      "Type mismatch: property 'locked' on entity '@lock' expects boolean but got '\"not a boolean\"'.",
    );
  });
});

describe("VALIDATE structure checks", () => {
  it("reports unresolved start with the world block's span", () => {
    const source = readFixture("authored-link-errors.urd.md");
    const diagnostic = compileFixture("authored-link-errors.urd.md").diagnostics[0];
    expect(diagnostic?.message).toBe(
      "world.start references 'nowhere' but no location with that ID exists.",
    );
    expect(diagnostic?.span).toEqual({
      ...lineSpanOf("authored-link-errors.urd.md", source, 2),
      end_line: 4,
      end_col: lineSpanOf("authored-link-errors.urd.md", source, 4).end_col,
    });
  });

  it("warns about an author-set urd field over the world block", () => {
    const [diagnostic] = compileFixture("negative-urd-override.urd.md").diagnostics;
    expect(diagnostic).toEqual({
      severity: "warning",
      code: "URD411",
      message:
        "The 'urd' field is set automatically by the compiler. Author value will be overridden.",
      span: {
        file: "negative-urd-override.urd.md",
        start_line: 2,
        start_col: 1,
        end_line: 5,
        end_col: 14,
      },
    });
  });

  it("reports nesting depth 3 as a warning and 4 as an error", () => {
    const messages = compileFixture("negative-nesting-depth.urd.md")
      .diagnostics.filter((d) => d.code === "URD410")
      .map((d) => [d.severity, d.message]);
    expect(messages).toEqual([
      ["warning", "Nesting depth 3 at line 18."],
      ["error", "Nesting depth 4 at line 19."],
    ]);
  });

  it("names unreachable locations", () => {
    expect(compileFixture("negative-unreachable-location.urd.md").diagnostics[0]?.message).toBe(
      "Location 'room-b' is unreachable. No path from the start location reaches it.",
    );
  });

  it("names the section, file and allowed values of an orphaned choice", () => {
    expect(compileFixture("negative-orphaned-choice.urd.md").diagnostics[0]?.message).toBe(
      "Choice in section 'actions' (file 'negative-orphaned-choice.urd.md') may never be available. Condition requires 'state' == 'locked' but type 'Door' only allows: [closed, open].",
    );
  });

  it("uses 'unnamed' for an orphaned choice before any section label", () => {
    const result = compileText(
      lines(
        "---",
        "types:",
        "  D:",
        "    s: enum(a, b) = a",
        "entities:",
        "  @d: D",
        "---",
        "# Room",
        "* Try",
        "  ? any:",
        "    @d.s == c",
      ),
    );
    expect(result.diagnostics.find((d) => d.code === "URD432")?.message).toBe(
      "Choice in section 'unnamed' (file 'test.urd.md') may never be available. Condition requires 's' == 'c' but type 'D' only allows: [a, b].",
    );
  });

  it("lets a location heading stay inside a section's fallthrough extent", () => {
    const result = compileText(lines("# A", "-> on: B", "== s", "* Only", "# B", "Some prose."));
    expect(result.diagnostics).toEqual([]);
  });

  it("does not warn about fallthrough when the section has a sticky choice or a trailing jump", () => {
    expect(compileText(lines("# A", "== s", "* One", "+ Two")).diagnostics).toEqual([]);
    expect(compileText(lines("# A", "== s", "* One", "-> end")).diagnostics).toEqual([]);
    expect(compileText(lines("# A", "== s", "* One")).diagnostics.map((d) => d.message)).toEqual([
      "Section 's' in file 'test.urd.md' has only one-shot choices and no terminal jump or fallthrough text. It will exhaust to an empty state.",
    ]);
  });
});

describe("value checks", () => {
  const validationMessages = (...content: string[]) =>
    compileText(
      lines(
        "---",
        "types:",
        "  T [portable]:",
        "    flag: bool = false",
        "    count: int(0, 5) = 0",
        "    ratio: num = 1.5",
        "    tag: string",
        "    mood: enum(calm, wild) = calm",
        "    other: ref(T)",
        "    ~secret: string",
        "  U:",
        "    x: int",
        "entities:",
        "  @t: T",
        "  @u: U",
        "---",
        "# Room",
        "[@t, @u]",
        "== s",
        "+ Do",
        ...content,
      ),
    )
      .diagnostics.filter((d) => d.code.startsWith("URD4") || d.code.startsWith("URD3"))
      .map((d) => `${d.span.start_line} ${d.code} ${d.message}`);

  it("converts condition values by the property type, without range checks", () => {
    expect(
      validationMessages(
        "  ? @t.flag == yes",
        "  ? @t.count == 9",
        "  ? @t.ratio > 1.5",
        "  ? @t.tag == 7",
        "  ? @t.count > x",
        "  ? @t.mood == calm",
      ),
    ).toEqual([
      "21 URD401 Type mismatch: property 'flag' on entity '@t' expects boolean but got 'yes'.",
      "25 URD401 Type mismatch: property 'count' on entity '@t' expects integer but got 'x'.",
    ]);
  });

  it("checks set, arithmetic, move and reveal effects", () => {
    expect(
      validationMessages(
        "  > @t.count = 9",
        "  > @t.count + x",
        "  > @t.mood = angry",
        "  > @t.other = @u",
        "  > @t.other = @t",
        "  > @t.flag = maybe",
        "  > reveal @t.secret",
        "  > @t.tag + 1",
        "  > move @t -> @u",
        "  > @t.ratio = 2",
      ),
    ).toEqual([
      "21 URD418 Value 9 for property 'count' on entity '@t' is outside the declared range [0, 5].",
      "22 URD401 Type mismatch: property 'count' on entity '@t' expects integer but got 'x'.",
      "23 URD401 Type mismatch: property 'mood' on entity '@t' expects enum but got 'angry'.",
      "24 URD419 Property 'other' on entity '@t' requires a reference to type 'T' but '@u' has type 'U'.",
      "26 URD401 Type mismatch: property 'flag' on entity '@t' expects boolean but got 'maybe'.",
      "28 URD424 Arithmetic operator '+' is not valid for property 'tag' of type 'string'. Arithmetic effects require integer or number properties.",
      "29 URD422 Entity '@u' is used as a container in move destination but its type 'U' does not have the 'container' trait.",
    ]);
  });

  it("skips checks whose subject did not resolve, so errors do not cascade", () => {
    expect(
      validationMessages("  ? @nobody.x == 1", "  > @t.nothing = 3", "  > move @ghost -> @u"),
    ).toEqual([
      "21 URD301 Unresolved entity reference '@nobody'.",
      "22 URD308 Property 'nothing' does not exist on type 'T'.",
      "23 URD301 Unresolved entity reference '@ghost'.",
      "23 URD422 Entity '@u' is used as a container in move destination but its type 'U' does not have the 'container' trait.",
    ]);
  });

  it("checks overrides against the property's type", () => {
    const result = compileText(
      lines(
        "---",
        "types:",
        "  T:",
        "    flag: bool",
        "    ratio: number(0, 1)",
        "    mood: enum(calm, wild)",
        "entities:",
        '  @a: T { flag: "yes", ratio: 2, mood: wild, container: here }',
        "---",
      ),
    );
    expect(result.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([
      "URD401 Type mismatch: property 'flag' on entity '@a' expects boolean but got 'yes'.",
      "URD418 Value 2 for property 'ratio' on entity '@a' is outside the declared range [0, 1].",
    ]);
  });
});

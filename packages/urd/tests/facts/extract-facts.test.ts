import { describe, expect, it } from "vitest";
import type { PropertyRead, PropertyWrite } from "../../src/index.js";
import {
  compileFixture,
  compileText,
  contentSpanOf,
  lineSpanOf,
  lines,
  readFixture,
} from "../helpers/fixtures.js";

const garden = "locked-garden.urd.md";
const gardenSource = readFixture(garden);
const at = (line: number) => contentSpanOf(garden, gardenSource, line);
const choice = (id: string) => ({ kind: "choice", id: `locked-garden/${id}` }) as const;

describe("the Locked Garden FactSet (docs/urd.md §8)", () => {
  const facts = compileFixture(garden).facts;

  it("lists the four reads with sites, keys, operators, kinds and spans", () => {
    const expected: PropertyRead[] = [
      {
        site: { kind: "exit", id: "gatehouse/garden" },
        entity_type: "Lock",
        property: "locked",
        operator: "==",
        value_literal: "false",
        value_kind: "bool",
        span: at(32),
      },
      {
        site: choice("greet/ask-about-the-garden"),
        entity_type: "Character",
        property: "trust",
        operator: ">=",
        value_literal: "3",
        value_kind: "int",
        span: at(51),
      },
      {
        site: choice("greet/force-the-gate"),
        entity_type: "Character",
        property: "mood",
        operator: "!=",
        value_literal: "friendly",
        value_kind: "ident",
        span: at(56),
      },
      {
        site: choice("explore/press-for-the-truth"),
        entity_type: "Character",
        property: "trust",
        operator: ">=",
        value_literal: "5",
        value_kind: "int",
        span: at(81),
      },
    ];
    expect(facts?.reads).toEqual(expected);
    expect(facts?.reads.map((read) => [read.span.start_col, read.span.end_col])).toEqual([
      [3, 33],
      [3, 23],
      [3, 29],
      [5, 24],
    ]);
  });

  it("lists the six writes in source order", () => {
    const expected: PropertyWrite[] = [
      {
        site: choice("greet/state-your-purpose"),
        entity_type: "Character",
        property: "trust",
        operator: "+",
        value_expr: "1",
        value_kind: "int",
        span: at(41),
      },
      {
        site: choice("greet/offer-the-journal"),
        entity_type: "Character",
        property: "trust",
        operator: "+",
        value_expr: "5",
        value_kind: "int",
        span: at(47),
      },
      {
        site: choice("greet/offer-the-journal"),
        entity_type: "Character",
        property: "mood",
        operator: "=",
        value_expr: "friendly",
        value_kind: "ident",
        span: at(48),
      },
      {
        site: choice("greet/ask-about-the-garden"),
        entity_type: "Lock",
        property: "locked",
        operator: "=",
        value_expr: "false",
        value_kind: "bool",
        span: at(53),
      },
      {
        site: choice("greet/force-the-gate"),
        entity_type: "Character",
        property: "trust",
        operator: "-",
        value_expr: "2",
        value_kind: "int",
        span: at(58),
      },
      {
        site: choice("explore/listen-to-the-ghost"),
        entity_type: "Character",
        property: "trust",
        operator: "+",
        value_expr: "2",
        value_kind: "int",
        span: at(78),
      },
    ];
    expect(facts?.writes).toEqual(expected);
  });

  it("lists both exits, the guarded one pointing at its read", () => {
    expect(facts?.exits).toEqual([
      {
        from_location: "gatehouse",
        to_location: "the-walled-garden",
        exit_name: "garden",
        is_conditional: true,
        guard_reads: [0],
        span: at(31),
      },
      {
        from_location: "the-walled-garden",
        to_location: "gatehouse",
        exit_name: "north",
        is_conditional: false,
        guard_reads: [],
        span: at(66),
      },
    ]);
    expect(facts?.exits.map((exit) => exit.span.end_col)).toEqual([29, 20]);
  });

  it("lists the two section jumps", () => {
    expect(facts?.jumps).toEqual([
      {
        from_section: "locked-garden/greet",
        target: { kind: "section", id: "locked-garden/greet" },
        span: at(42),
      },
      {
        from_section: "locked-garden/explore",
        target: { kind: "section", id: "locked-garden/revelation" },
        span: at(83),
      },
    ]);
  });

  it("lists choices in post-order, the nested choice before its parent", () => {
    const summary = facts?.choices.map((fact) => [
      fact.choice_id,
      fact.label,
      fact.sticky,
      fact.condition_reads,
      fact.effect_writes,
      fact.jump_indices,
      fact.span.start_line,
      fact.span.start_col,
      fact.span.end_col,
    ]);
    expect(summary).toEqual([
      [
        "locked-garden/greet/state-your-purpose",
        "State your purpose",
        true,
        [],
        [0],
        [0],
        39,
        1,
        21,
      ],
      [
        "locked-garden/greet/offer-the-journal",
        "Offer the journal",
        false,
        [],
        [1, 2],
        [],
        44,
        1,
        20,
      ],
      [
        "locked-garden/greet/ask-about-the-garden",
        "Ask about the garden",
        false,
        [1],
        [3],
        [],
        50,
        1,
        23,
      ],
      ["locked-garden/greet/force-the-gate", "Force the gate", false, [2], [4], [], 55, 1, 33],
      [
        "locked-garden/explore/press-for-the-truth",
        "Press for the truth",
        false,
        [3],
        [],
        [1],
        80,
        3,
        24,
      ],
      [
        "locked-garden/explore/listen-to-the-ghost",
        "Listen to the ghost",
        false,
        [],
        [5],
        [],
        76,
        1,
        22,
      ],
      ["locked-garden/explore/take-the-journal", "Take the journal", false, [], [], [], 85, 1, 19],
      ["locked-garden/explore/leave-quietly", "Leave quietly", false, [], [], [], 89, 1, 16],
    ]);
    expect(facts?.choices.map((fact) => fact.section)).toEqual([
      ...Array(4).fill("locked-garden/greet"),
      ...Array(4).fill("locked-garden/explore"),
    ]);
  });

  it("has no rules", () => {
    expect(facts?.rules).toEqual([]);
  });
});

describe("every jump kind and rule-site facts (authored-dialogue-features)", () => {
  const file = "authored-dialogue-features.urd.md";
  const source = readFixture(file);
  const span = (line: number) => contentSpanOf(file, source, line);
  const facts = compileFixture(file).facts;
  const id = (suffix: string) => `authored-dialogue-features/${suffix}`;

  it("records OR-block members with line spans and rule where-clauses with the rule site", () => {
    expect(
      facts?.reads.map((read) => [
        read.site.kind,
        read.site.id,
        `${read.entity_type}.${read.property} ${read.operator} ${read.value_literal}`,
        read.value_kind,
      ]),
    ).toEqual([
      ["exit", "hall/north", "Gate.open == true", "bool"],
      ["choice", id("gatekeeper/ask-about-the-gate"), "Guard.trust >= 3", "int"],
      ["choice", id("gatekeeper/ask-about-the-gate"), "Guard.mood == calm", "ident"],
      ["choice", id("gatekeeper/ask-why"), "Guard.trust >= 5", "int"],
      ["choice", id("gatekeeper/threaten"), "Guard.mood != angry", "ident"],
      ["rule", "guard_calms", "Guard.mood == angry", "ident"],
    ]);
    expect(facts?.reads[1]?.span).toEqual(lineSpanOf(file, source, 47));
    expect(facts?.reads[2]?.span).toEqual(lineSpanOf(file, source, 48));
    // A rule's body lines carry whole-line spans, like OR members (docs/urd.md §5.4).
    expect(facts?.reads[5]?.span).toEqual(lineSpanOf(file, source, 94));
  });

  it("records writes from choices and rules but not from moves, reveals or section-level effects", () => {
    expect(
      facts?.writes.map((write) => [
        write.site.id,
        `${write.entity_type}.${write.property} ${write.operator} ${write.value_expr}`,
        write.value_kind,
        write.span.start_line,
      ]),
    ).toEqual([
      [id("gatekeeper/offer-a-coin"), "Guard.trust + 2", "int", 42],
      [id("gatekeeper/ask-about-the-gate"), "Gate.open = true", "bool", 50],
      [id("gatekeeper/threaten"), "Guard.mood = angry", "ident", 63],
      ["guard_calms", "Guard.mood = calm", "ident", 95],
    ]);
  });

  it("resolves section, exit (plain and exit:) and end jumps", () => {
    expect(facts?.jumps).toEqual([
      {
        from_section: id("gatekeeper"),
        target: { kind: "section", id: id("gatekeeper") },
        span: span(43),
      },
      {
        from_section: id("gatekeeper"),
        target: { kind: "exit", id: "hall/north" },
        span: span(56),
      },
      {
        from_section: id("gatekeeper"),
        target: { kind: "section", id: id("farewell") },
        span: span(59),
      },
      {
        from_section: id("gatekeeper"),
        target: { kind: "exit", id: "hall/cellar" },
        span: span(64),
      },
      { from_section: id("gatekeeper"), target: { kind: "end" }, span: span(67) },
    ]);
  });

  it("lists choices post-order with their read, write and jump indices", () => {
    expect(
      facts?.choices.map((fact) => [
        fact.choice_id,
        fact.condition_reads,
        fact.effect_writes,
        fact.jump_indices,
      ]),
    ).toEqual([
      [id("gatekeeper/offer-a-coin"), [], [0], [0]],
      [id("gatekeeper/ask-why"), [3], [], [1]],
      [id("gatekeeper/thank-him"), [], [], [2]],
      [id("gatekeeper/ask-about-the-gate"), [1, 2], [1], []],
      [id("gatekeeper/threaten"), [4], [2], [3]],
      [id("gatekeeper/leave"), [], [], [4]],
      [id("farewell/wave"), [], [], []],
    ]);
  });

  it("records the exits in declaration order and a fact for the rule", () => {
    expect(
      facts?.exits.map((exit) => [
        exit.from_location,
        exit.exit_name,
        exit.to_location,
        exit.guard_reads,
      ]),
    ).toEqual([
      ["hall", "north", "courtyard", [0]],
      ["hall", "cellar", "cellar", []],
      ["courtyard", "south", "hall", []],
      ["cellar", "up", "hall", []],
    ]);
    expect(facts?.rules).toEqual([
      {
        rule_id: "guard_calms",
        condition_reads: [5],
        effect_writes: [3],
        span: { ...span(92), end_line: 95, end_col: span(95).end_col },
      },
    ]);
  });
});

describe("what produces no facts", () => {
  it("ignores choices outside any section but keeps a fact for every rule", () => {
    const facts = compileFixture("monty-hall.urd.md").facts;
    expect(facts?.choices.map((fact) => fact.choice_id)).toEqual([
      "monty-hall/switch/switch-doors",
      "monty-hall/switch/stay-with-your-choice",
    ]);
    expect(facts?.reads.map((read) => read.site.id)).toEqual(["monty-hall/switch/switch-doors"]);
    expect(
      facts?.rules.map((rule) => [rule.rule_id, rule.condition_reads, rule.effect_writes]),
    ).toEqual([["monty_reveals", [], []]]);
  });

  it("records containment checks as no read and container comparisons as string reads", () => {
    const facts = compileText(
      lines(
        "---",
        "types:",
        "  Box [container]:",
        "    open: bool = false",
        "entities:",
        "  @box: Box",
        "---",
        "# Room",
        "== s",
        "* Look",
        "  ? @box in here",
        "  ? @box.container == player",
        "  > @box.container = player",
      ),
    ).facts;
    expect(facts?.reads.map((read) => [read.property, read.value_kind])).toEqual([
      ["container", "str"],
    ]);
    expect(facts?.writes.map((write) => [write.property, write.value_kind])).toEqual([
      ["container", null],
    ]);
  });

  it("does not give a guarded exit to an exit whose destination did not resolve", () => {
    const facts = compileText(
      lines(
        "---",
        "types:",
        "  Gate:",
        "    open: bool = false",
        "entities:",
        "  @gate: Gate",
        "---",
        "# Room",
        "-> north: Nowhere",
        "  ? @gate.open == true",
      ),
    ).facts;
    expect(facts?.exits).toEqual([]);
    expect(facts?.reads.map((read) => read.site)).toEqual([{ kind: "exit", id: "room/north" }]);
  });

  it("types write values of + and - as int only when the value is a number", () => {
    const facts = compileText(
      lines(
        "---",
        "types:",
        "  T:",
        "    n: int = 0",
        "entities:",
        "  @t: T",
        "---",
        "# Room",
        "== s",
        "* Go",
        "  > @t.n + 2.5",
        "  > @t.n - lots",
      ),
    ).facts;
    expect(facts?.writes.map((write) => write.value_kind)).toEqual(["int", null]);
  });
});

describe("an entity named player (authored-player-entity)", () => {
  // `@player.alert` names an entity like any other; only the bare `player.alert` is the
  // reserved binding, which is never resolved and never a fact (docs/urd.md §5.1).
  const file = "authored-player-entity.urd.md";
  const source = readFixture(file);
  const result = compileFixture(file);
  const site = (choiceId: string) =>
    ({ kind: "choice", id: `authored-player-entity/watch/${choiceId}` }) as const;

  it("records `? @player.alert == false` as a read of Guard.alert, and the bare form not at all", () => {
    expect(result.facts?.reads).toEqual([
      {
        site: site("keep-watch"),
        entity_type: "Guard",
        property: "alert",
        operator: "==",
        value_literal: "false",
        value_kind: "bool",
        span: contentSpanOf(file, source, 16),
      },
    ]);
  });

  it("records the writes to @player.alert and none for the bare `player.alert`", () => {
    expect(
      result.facts?.writes.map((write) => [
        write.site,
        write.operator,
        write.value_expr,
        write.span,
      ]),
    ).toEqual([
      [site("keep-watch"), "=", "true", contentSpanOf(file, source, 17)],
      [site("look-around"), "=", "false", contentSpanOf(file, source, 23)],
    ]);
  });

  it("gives no read-never-written or written-never-read warning for the property", () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.propertyIndex?.properties.map((entry) => entry.orphaned)).toEqual([null]);
  });
});

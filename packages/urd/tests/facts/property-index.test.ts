import { describe, expect, it } from "vitest";
import {
  buildPropertyIndex,
  type FactSetJson,
  formatPropertyKey,
  readButNeverWritten,
  readsOf,
  writesOf,
  writtenButNeverRead,
  writtenKeysInOrder,
} from "../../src/index.js";
import { compileFixture } from "../helpers/fixtures.js";

describe("the Locked Garden PropertyDependencyIndex (docs/urd.md §9)", () => {
  const index = compileFixture("locked-garden.urd.md").propertyIndex;

  it("lists every key sorted, with read and write indices", () => {
    expect(index?.properties).toEqual([
      {
        entity_type: "Character",
        property: "mood",
        read_count: 1,
        write_count: 1,
        read_indices: [2],
        write_indices: [2],
        orphaned: null,
      },
      {
        entity_type: "Character",
        property: "trust",
        read_count: 2,
        write_count: 4,
        read_indices: [1, 3],
        write_indices: [0, 1, 4, 5],
        orphaned: null,
      },
      {
        entity_type: "Lock",
        property: "locked",
        read_count: 1,
        write_count: 1,
        read_indices: [0],
        write_indices: [3],
        orphaned: null,
      },
    ]);
  });

  it("summarises the totals", () => {
    expect(index?.summary).toEqual({
      total_properties: 3,
      total_reads: 4,
      total_writes: 6,
      read_never_written: 0,
      written_never_read: 0,
    });
  });

  it("answers reads and writes per key", () => {
    if (index == null) throw new Error("expected an index");
    expect(readsOf(index, { entity_type: "Character", property: "trust" })).toEqual([1, 3]);
    expect(writesOf(index, { entity_type: "Character", property: "trust" })).toEqual([0, 1, 4, 5]);
    expect(readsOf(index, { entity_type: "Character", property: "role" })).toEqual([]);
  });
});

describe("orphaned keys", () => {
  const site = { kind: "choice", id: "s/c" } as const;
  const span = { file: "f", start_line: 1, start_col: 1, end_line: 1, end_col: 2 };
  const read = (entity_type: string, property: string) =>
    ({
      site,
      entity_type,
      property,
      operator: "==",
      value_literal: "1",
      value_kind: "int",
      span,
    }) as const;
  const write = (entity_type: string, property: string) =>
    ({
      site,
      entity_type,
      property,
      operator: "=",
      value_expr: "1",
      value_kind: "int",
      span,
    }) as const;
  const facts: FactSetJson = {
    reads: [read("B", "x"), read("A", "y"), read("A", "shared")],
    writes: [write("Z", "w"), write("A", "shared"), write("C", "v"), write("Z", "w")],
    exits: [],
    jumps: [],
    choices: [],
    rules: [],
  };
  const index = buildPropertyIndex(facts);

  it("sorts keys by type then property in code-point order", () => {
    expect(index.properties.map(formatPropertyKey)).toEqual([
      "A.shared",
      "A.y",
      "B.x",
      "C.v",
      "Z.w",
    ]);
  });

  it("marks keys read but never written and written but never read", () => {
    expect(readButNeverWritten(index).map(formatPropertyKey)).toEqual(["A.y", "B.x"]);
    expect(writtenButNeverRead(index).map(formatPropertyKey)).toEqual(["C.v", "Z.w"]);
    expect(index.summary).toEqual({
      total_properties: 5,
      total_reads: 3,
      total_writes: 4,
      read_never_written: 2,
      written_never_read: 2,
    });
  });

  it("lists written keys in the order of their first write", () => {
    expect(writtenKeysInOrder(facts).map(formatPropertyKey)).toEqual(["Z.w", "A.shared", "C.v"]);
  });
});

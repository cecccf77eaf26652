import { describe, expect, it } from "vitest";
import { formatScalar, parseScalar } from "../../src/parse/scalar.js";

describe("parseScalar", () => {
  it("reads booleans", () => {
    expect(parseScalar(" true ")).toEqual({ kind: "boolean", value: true });
    expect(parseScalar("false")).toEqual({ kind: "boolean", value: false });
  });

  it("reads quoted and bare text as the same string", () => {
    expect(parseScalar('"goat"')).toEqual({ kind: "string", value: "goat" });
    expect(parseScalar("'goat'")).toEqual({ kind: "string", value: "goat" });
    expect(parseScalar("goat")).toEqual({ kind: "string", value: "goat" });
    expect(parseScalar('"Warden\'s Journal"')).toEqual({
      kind: "string",
      value: "Warden's Journal",
    });
  });

  it("reads integers, numbers and entity references", () => {
    expect(parseScalar("3")).toEqual({ kind: "integer", value: 3 });
    expect(parseScalar("-12")).toEqual({ kind: "integer", value: -12 });
    expect(parseScalar("45.5")).toEqual({ kind: "number", value: 45.5 });
    expect(parseScalar("100.0")).toEqual({ kind: "number", value: 100 });
    expect(parseScalar("99999999999999999999")).toEqual({ kind: "number", value: 1e20 });
    expect(parseScalar("@rusty_key")).toEqual({ kind: "entity-ref", id: "rusty_key" });
    expect(parseScalar("@rusty-key")).toEqual({ kind: "string", value: "@rusty-key" });
  });

  it("reads flow lists, splitting only on top-level commas and dropping empty items", () => {
    expect(parseScalar('[conspiracy, "a, b", [1, 2], , @key]')).toEqual({
      kind: "list",
      items: [
        { kind: "string", value: "conspiracy" },
        { kind: "string", value: "a, b" },
        {
          kind: "list",
          items: [
            { kind: "integer", value: 1 },
            { kind: "integer", value: 2 },
          ],
        },
        { kind: "entity-ref", id: "key" },
      ],
    });
    expect(parseScalar("[]")).toEqual({ kind: "list", items: [] });
  });

  it("prints scalars the way messages show them", () => {
    expect(formatScalar(parseScalar('"maybe"'))).toBe("maybe");
    expect(formatScalar(parseScalar("@chest"))).toBe("@chest");
    expect(formatScalar(parseScalar("[a, @b, 3]"))).toBe("[a, @b, 3]");
    expect(formatScalar(parseScalar("100.0"))).toBe("100");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { topLevelId } from "../../src/runtime/top-level-id.js";

/** JSON values that may hold keys named `id` at any depth. */
const nested = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.constant("id"), fc.string({ maxLength: 4 })), tie("value"), {
      maxKeys: 3,
    }),
  ),
})).value;

const id = fc.oneof(fc.integer(), fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }));

describe("the id of a message from the start of its text", () => {
  it("is the top-level id, whatever the key order and the ids nested in params", () => {
    fc.assert(
      fc.property(id, nested, fc.boolean(), fc.nat(400), (messageId, params, idFirst, cut) => {
        const entries: [string, unknown][] = [
          ["jsonrpc", "2.0"],
          ["method", "tools/call"],
          ["params", { arguments: params, id: "nested" }],
        ];
        entries.splice(idFirst ? 1 : 3, 0, ["id", messageId]);
        const text = JSON.stringify(Object.fromEntries(entries));
        const expected = JSON.parse(JSON.stringify(messageId)) as string | number;
        // Whole text: found. Any prefix: the right id or nothing, never a wrong one.
        expect(topLevelId(text)).toEqual(expected);
        const found = topLevelId(text.slice(0, cut));
        if (found !== undefined) expect(found).toEqual(expected);
      }),
      { seed: 20261125, numRuns: 2_000 },
    );
  });

  it("takes nothing from what is not an object or has no id", () => {
    for (const text of ['[{"id":1}]', '"id"', '{"params":{"id":3}}', '{"id":{"a":1}}', '{"id":']) {
      expect(topLevelId(text)).toBeUndefined();
    }
    expect(topLevelId('  {"a":[1,{"id":2}],"id":"x\\"y"}')).toBe('x"y');
    // A number the head cuts off could go on: 12 may be 123, 5e may be 5e-324.
    expect(topLevelId('{"id":12')).toBeUndefined();
    expect(topLevelId('{"id":5e')).toBeUndefined();
    expect(topLevelId('{"id":5e-3')).toBeUndefined();
    expect(topLevelId('{"id":5e-324}')).toBe(5e-324);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cursorScope, decodeCursor, encodeCursor } from "../../src/paging/page-cursor.js";

const scope = cursorScope("world-a", "get_exit_graph\n{}");

describe("page cursors", () => {
  it("read back the offsets they were made with", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 2 ** 32 - 2 }), { minLength: 1, maxLength: 6 }),
        (offsets) => {
          const lengths = offsets.map((offset) => offset + 1);
          expect(decodeCursor(encodeCursor(scope, offsets), scope, lengths)).toEqual(offsets);
        },
      ),
    );
  });

  it("refuse any other string", () => {
    const lengths = [10, 10];
    const valid = encodeCursor(scope, [3, 4]);
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (cursor) => {
        fc.pre(cursor !== valid);
        expect(decodeCursor(cursor, scope, lengths)).toBeUndefined();
      }),
    );
  });

  it("refuse a cursor of another world version or another question", () => {
    const cursor = encodeCursor(scope, [1, 2]);
    expect(
      decodeCursor(cursor, cursorScope("world-b", "get_exit_graph\n{}"), [5, 5]),
    ).toBeUndefined();
    expect(
      decodeCursor(cursor, cursorScope("world-a", 'get_exit_graph\n{"around":"x"}'), [5, 5]),
    ).toBeUndefined();
  });

  it("refuse offsets past a collection's end, a finished walk and another collection count", () => {
    expect(decodeCursor(encodeCursor(scope, [6, 0]), scope, [5, 5])).toBeUndefined();
    expect(decodeCursor(encodeCursor(scope, [5, 5]), scope, [5, 5])).toBeUndefined();
    expect(decodeCursor(encodeCursor(scope, [1, 2]), scope, [5, 5, 5])).toBeUndefined();
    expect(decodeCursor(`${encodeCursor(scope, [1, 2])}=`, scope, [5, 5])).toBeUndefined();
  });
});

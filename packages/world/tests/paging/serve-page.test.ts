import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cursorScope } from "../../src/paging/page-cursor.js";
import { pageableAnswer } from "../../src/paging/pageable-answer.js";
import {
  arrayCollection,
  lazyObjectCollection,
  objectKeyOrder,
  type PagedCollection,
} from "../../src/paging/paged-collection.js";
import { serveAnswer } from "../../src/paging/serve-page.js";
import { itemsOn, joinPages, type Payload, pageOf, payloadBytes } from "../helpers/pages.js";

/** Text of every kind JSON has to escape or encode in several bytes. */
const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(
    "",
    '"',
    "\\",
    "\n",
    "é",
    "😀",
    "\ud800",
    "12",
    "007",
    "4294967294",
    "4294967295",
    "__proto__",
  ),
);

const item = fc.oneof(
  text,
  fc.record({ name: text, count: fc.integer(), flag: fc.boolean() }),
  fc.array(text, { maxLength: 4 }),
);

interface CollectionSpec {
  name: string;
  kind: "array" | "object";
  items: unknown[];
  keys: string[];
}

const collectionSpecs = fc
  .array(
    fc.record({
      kind: fc.constantFrom<"array" | "object">("array", "object"),
      items: fc.array(item, { maxLength: 40 }),
      keys: fc.uniqueArray(text, { maxLength: 40 }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((specs) => specs.map((spec, index): CollectionSpec => ({ ...spec, name: `list_${index}` })));

function collectionOf(spec: CollectionSpec): { collection: PagedCollection; whole: unknown } {
  if (spec.kind === "array") {
    return { collection: arrayCollection(spec.name, spec.items), whole: spec.items };
  }
  const valueFor = (key: string) => [key, key.length];
  const whole = Object.fromEntries(spec.keys.map((key) => [key, valueFor(key)]));
  const collection = lazyObjectCollection(
    spec.name,
    objectKeyOrder(spec.keys),
    (key) => payloadBytes(valueFor(key)),
    valueFor,
  );
  return { collection, whole };
}

/** An answer with fields before, between and after its collections, and the whole of it. */
function answerOf(specs: readonly CollectionSpec[]) {
  const payload: Payload = { schema_version: "1", before: "é\n" };
  const reference: Payload = { ...payload };
  const collections = specs.map((spec, index) => {
    const { collection, whole } = collectionOf(spec);
    payload[spec.name] = null;
    reference[spec.name] = whole;
    payload[`count_${index}`] = index;
    reference[`count_${index}`] = index;
    return collection;
  });
  payload.after = true;
  reference.after = true;
  return { answer: pageableAnswer(payload, collections), reference };
}

const scope = cursorScope("world", "question");

function walk(answer: ReturnType<typeof answerOf>["answer"], limit?: number, budget?: number) {
  const pages: Payload[] = [];
  let cursor: string | undefined;
  for (;;) {
    const served = serveAnswer(answer, { limit, cursor }, scope, budget) as Payload;
    expect(served.error).toBeUndefined();
    pages.push(served);
    const next = pageOf(served)?.next_cursor;
    if (next === undefined || next === null) return pages;
    cursor = next;
  }
}

describe("serving an answer in pages", () => {
  it("knows to the byte whether the whole answer fits a budget", () => {
    fc.assert(
      fc.property(collectionSpecs, (specs) => {
        const { answer, reference } = answerOf(specs);
        const bytes = payloadBytes(reference);
        expect(answer.fitsIn(bytes)).toBe(true);
        expect(answer.fitsIn(bytes - 1)).toBe(false);
      }),
    );
  });

  it("joins all pages into the whole answer, each page inside the budget unless it holds one item", () => {
    fc.assert(
      fc.property(
        collectionSpecs,
        fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
        fc.integer({ min: 40, max: 4000 }),
        (specs, limit, budget) => {
          const { answer, reference } = answerOf(specs);
          const pages = walk(answer, limit, budget);
          expect(JSON.stringify(joinPages(pages))).toBe(JSON.stringify(reference));
          for (const spec of specs.filter((each) => each.kind === "object")) {
            // Keys come page after page in the order the whole object lists them.
            const keys = pages.flatMap((page) => Object.keys(page[spec.name] as object));
            expect(keys).toEqual(Object.keys(reference[spec.name] as object));
          }
          for (const page of pages) {
            const info = pageOf(page);
            if (info === undefined) {
              expect(limit).toBeUndefined();
              expect(payloadBytes(page)).toBeLessThanOrEqual(budget);
              continue;
            }
            expect(Object.keys(info.total)).toEqual(specs.map((spec) => spec.name));
            if (itemsOn(page) > 1) expect(payloadBytes(page)).toBeLessThanOrEqual(budget);
            for (const spec of specs) {
              const shown = page[spec.name] as object;
              const count = Array.isArray(shown) ? shown.length : Object.keys(shown).length;
              expect(count).toBeLessThanOrEqual(limit ?? Number.POSITIVE_INFINITY);
            }
          }
          const empty = specs.every(
            (spec) => (spec.kind === "array" ? spec.items : spec.keys).length === 0,
          );
          const paged = pages.filter((page) => pageOf(page) !== undefined);
          if (!empty) for (const page of paged) expect(itemsOn(page)).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives the whole answer, without a page, when it fits and no page was asked for", () => {
    const { answer, reference } = answerOf([
      { name: "list_0", kind: "array", items: ["a", "b"], keys: [] },
    ]);
    expect(serveAnswer(answer, {}, scope)).toEqual(reference);
    expect(pageOf(serveAnswer(answer, { limit: 5000 }, scope) as Payload)).toEqual({
      total: { list_0: 2 },
      next_cursor: null,
    });
  });

  it("fills a page up to the budget and no further", () => {
    const items = Array.from(
      { length: 100 },
      (_, index) => `item-${String(index).padStart(3, "0")}`,
    );
    const { answer } = answerOf([{ name: "list_0", kind: "array", items, keys: [] }]);
    const pages = walk(answer, undefined, 600);
    for (const [index, page] of pages.entries()) {
      const shown = page.list_0 as string[];
      expect(payloadBytes(page)).toBeLessThanOrEqual(600);
      const next = items[items.indexOf(shown.at(-1) as string) + 1];
      if (index < pages.length - 1 && next !== undefined) {
        // One more item (10 bytes and a comma) would not have fitted.
        expect(payloadBytes({ ...page, list_0: [...shown, next] })).toBeGreaterThan(600);
      }
    }
  });

  it("makes a one-item page of an item larger than the budget", () => {
    const huge = "x".repeat(2000);
    const { answer } = answerOf([
      { name: "list_0", kind: "array", items: ["a", huge, "b"], keys: [] },
    ]);
    const pages = walk(answer, undefined, 500);
    expect(pages.map((page) => page.list_0)).toEqual([["a"], [huge], ["b"]]);
  });
});

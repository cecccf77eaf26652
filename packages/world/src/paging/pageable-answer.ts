import { jsonBytes } from "./answer-budget.js";
import { arrayCollection, type PagedCollection } from "./paged-collection.js";

/** An answer whose lists can be served whole or a page at a time. */
export interface PageableAnswer {
  /** The answer with every collection empty, its keys in the answer's order. */
  readonly template: Readonly<Record<string, unknown>>;
  /** The lists that page, in the answer's key order. */
  readonly collections: readonly PagedCollection[];
  /**
   * Whether the whole answer's compact JSON takes at most `budget` bytes, known without making
   * it; items are measured only until the answer is known not to fit.
   */
  fitsIn(budget: number): boolean;
}

/** Bytes of the whole answer if at most `cap`, else Infinity. */
function bytesUpTo(
  templateBytes: number,
  collections: readonly PagedCollection[],
  cap: number,
): number {
  let bytes = templateBytes;
  for (const collection of collections) {
    bytes += Math.max(0, collection.length - 1);
    for (let index = 0; index < collection.length && bytes <= cap; index++) {
      bytes += collection.bytesAt(index);
    }
    if (bytes > cap) return Number.POSITIVE_INFINITY;
  }
  return bytes;
}

/**
 * Describes an answer for paging. `payload` gives the answer's keys in order; the values under
 * the collections' keys are replaced by the collections.
 *
 * @param payload - the answer's fields (those named by a collection may hold anything)
 * @param collections - the lists that page, in key order
 * @returns the pageable answer, measured
 */
export function pageableAnswer(
  payload: object,
  collections: readonly PagedCollection[],
): PageableAnswer {
  const template: Record<string, unknown> = { ...payload };
  for (const collection of collections) template[collection.name] = collection.empty;
  const templateBytes = jsonBytes(template);
  const verdicts = new Map<number, boolean>();
  return {
    template,
    collections,
    fitsIn(budget) {
      let fits = verdicts.get(budget);
      if (fits === undefined) {
        fits = bytesUpTo(templateBytes, collections, budget) <= budget;
        verdicts.set(budget, fits);
      }
      return fits;
    },
  };
}

/**
 * The answer with some items of each collection: `ranges[i]` is `[start, end)` of collection i.
 *
 * @param answer - the pageable answer
 * @param ranges - one range per collection
 * @returns the payload, keys in the answer's order
 */
export function answerWith(
  answer: PageableAnswer,
  ranges: readonly (readonly [number, number])[],
): Record<string, unknown> {
  const payload: Record<string, unknown> = { ...answer.template };
  answer.collections.forEach((collection, index) => {
    const [start, end] = ranges[index] ?? [0, 0];
    payload[collection.name] = collection.slice(start, end);
  });
  return payload;
}

/**
 * The whole answer, every item of every collection.
 *
 * @param answer - the pageable answer
 * @returns the payload the unpaged query gives
 */
export function wholeAnswer(answer: PageableAnswer): Record<string, unknown> {
  return answerWith(
    answer,
    answer.collections.map((collection) => [0, collection.length] as const),
  );
}

/**
 * Describes an answer whose collections are arrays it already holds.
 *
 * @param payload - the whole answer
 * @param names - the keys of the arrays that page, in key order
 * @returns the pageable answer
 */
export function pageableArrays<Payload extends object>(
  payload: Payload,
  names: readonly (keyof Payload & string)[],
): PageableAnswer {
  return pageableAnswer(
    payload,
    names.map((name) => {
      const items = payload[name];
      return arrayCollection(name, Array.isArray(items) ? items : []);
    }),
  );
}

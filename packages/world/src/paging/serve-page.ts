import { SCHEMA_VERSION, type Versioned } from "../queries/schema-version.js";
import { ANSWER_BUDGET_BYTES, jsonBytes } from "./answer-budget.js";
import { cursorLength, decodeCursor, encodeCursor } from "./page-cursor.js";
import { answerWith, type PageableAnswer, wholeAnswer } from "./pageable-answer.js";
import { planPage } from "./plan-page.js";

/** The paging arguments of a call. */
export interface PageRequest {
  /** At most this many items per collection. */
  readonly limit?: number | undefined;
  /** Where to go on, as a previous page's `next_cursor` said. */
  readonly cursor?: string | undefined;
}

/** The error for a cursor that is malformed or belongs to another world version or question. */
export interface InvalidCursor extends Versioned {
  error: "Invalid cursor";
  cursor: string;
}

/** What a page adds to the answer. */
interface PageInfo {
  /** Each collection's whole length, by name, in key order. */
  total: Record<string, number>;
  /** The cursor of the next page, or null on the last one. */
  next_cursor: string | null;
}

function pageBytes(answer: PageableAnswer, page: PageInfo): number {
  return jsonBytes({ ...answer.template, page });
}

/**
 * Serves an answer: whole when it fits the budget and no page was asked for, else the page the
 * cursor points at (the first without one), with `page.total` and `page.next_cursor`
 * (docs/world.md §5.2).
 *
 * @param answer - the pageable answer
 * @param request - `limit` and `cursor` as the client sent them
 * @param scope - what cursors of this answer are tied to (`cursorScope`)
 * @param budget - the byte budget of an answer
 * @returns the whole answer, a page, or the invalid-cursor error
 */
export function serveAnswer(
  answer: PageableAnswer,
  request: PageRequest,
  scope: Buffer,
  budget: number = ANSWER_BUDGET_BYTES,
): Record<string, unknown> | InvalidCursor {
  const { limit, cursor } = request;
  if (limit === undefined && cursor === undefined && answer.fitsIn(budget)) {
    return wholeAnswer(answer);
  }
  const lengths = answer.collections.map((collection) => collection.length);
  let offsets = lengths.map(() => 0);
  if (cursor !== undefined) {
    const decoded = decodeCursor(cursor, scope, lengths);
    if (decoded === undefined)
      return { schema_version: SCHEMA_VERSION, error: "Invalid cursor", cursor };
    offsets = decoded;
  }
  const total = Object.fromEntries(
    answer.collections.map((collection) => [collection.name, collection.length]),
  );
  const plan = planPage(answer.collections, {
    offsets,
    limit,
    budget,
    openBytes: pageBytes(answer, {
      total,
      next_cursor: "-".repeat(cursorLength(lengths.length)),
    }),
    lastBytes: pageBytes(answer, { total, next_cursor: null }),
  });
  const page: PageInfo = {
    total,
    next_cursor: plan.next === undefined ? null : encodeCursor(scope, plan.next),
  };
  return { ...answerWith(answer, plan.ranges), page };
}

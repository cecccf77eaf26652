import { cursorScope } from "../paging/page-cursor.js";
import type { PageableAnswer } from "../paging/pageable-answer.js";
import { type InvalidCursor, type PageRequest, serveAnswer } from "../paging/serve-page.js";
import type { Versioned } from "../queries/schema-version.js";
import type { LoadedWorld } from "../world/load-world.js";

/** One question's answer, measured for paging, and what its cursors are tied to. */
interface MeasuredAnswer {
  readonly answer: PageableAnswer;
  readonly scope: Buffer;
}

/** An error object (docs/world.md §3.3), which a question may give instead of an answer. */
type ErrorObject = Versioned & { error: string };

/**
 * Answers kept per snapshot. Paging through one answer asks the same question again and again,
 * so its measurements are kept; a few dozen questions cover a client walking several answers.
 */
const MAX_ANSWERS_PER_SNAPSHOT = 32;

const measured = new WeakMap<LoadedWorld, Map<string, MeasuredAnswer>>();

function remembered(world: LoadedWorld, key: string): MeasuredAnswer | undefined {
  const answers = measured.get(world);
  const found = answers?.get(key);
  if (answers !== undefined && found !== undefined) {
    answers.delete(key);
    answers.set(key, found);
  }
  return found;
}

function remember(world: LoadedWorld, key: string, answer: MeasuredAnswer): void {
  let answers = measured.get(world);
  if (answers === undefined) {
    answers = new Map();
    measured.set(world, answers);
  }
  answers.set(key, answer);
  for (const oldest of answers.keys()) {
    if (answers.size <= MAX_ANSWERS_PER_SNAPSHOT) break;
    answers.delete(oldest);
  }
}

/**
 * Answers a question whole or a page at a time (docs/world.md §5.2). The answer is built and
 * measured once per snapshot and question; each page then costs only its own items.
 *
 * @param world - the snapshot answered from
 * @param tool - the tool's name
 * @param question - the arguments that decide the answer (not `limit` or `cursor`), in a fixed
 *   key order, so that equal questions are equal JSON
 * @param request - `limit` and `cursor`
 * @param build - makes the pageable answer, or the error object
 * @returns the whole answer, a page, or an error object
 */
export function answerInPages<Failure extends ErrorObject>(
  world: LoadedWorld,
  tool: string,
  question: Readonly<Record<string, unknown>>,
  request: PageRequest,
  build: () => PageableAnswer | Failure,
): Record<string, unknown> | Failure | InvalidCursor {
  const key = `${tool}\n${JSON.stringify(question)}`;
  let found = remembered(world, key);
  if (found === undefined) {
    const built = build();
    if ("error" in built) return built;
    found = { answer: built, scope: cursorScope(world.version, key) };
    remember(world, key, found);
  }
  return serveAnswer(found.answer, request, found.scope);
}

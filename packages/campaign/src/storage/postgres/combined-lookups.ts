import type { QueryResult, QueryResultRow } from "pg";
import type { Statement, Statements } from "./postgres-transaction.js";

/** A lookup waiting for the others issued with it. */
interface Pending {
  statement: Statement;
  resolve: (result: QueryResult) => void;
  reject: (error: unknown) => void;
}

/** Combined statements remembered by the names they combine (prepared once per connection). */
const combinedByNames = new Map<string, Statement>();
/** Past this many combinations, new ones are sent unprepared. */
const MOST_REMEMBERED = 1_000;

/** A statement's parameters renumbered to follow `offset` others. */
function shifted(text: string, offset: number): string {
  return text.replace(/\$(\d+)/g, (_, number: string) => `$${Number(number) + offset}`);
}

/**
 * One statement answering several lookups: each becomes a column holding its rows as JSON
 * (text, integers and booleans read back as they would alone).
 */
function combine(lookups: readonly Pending[]): Statement {
  const names = lookups.map(({ statement }) => statement.name ?? "?").join(",");
  const values = lookups.flatMap(({ statement }) => statement.values ?? []);
  const known = combinedByNames.get(names);
  if (known) return { ...known, values };
  let offset = 0;
  const columns = lookups.map(({ statement }, index) => {
    const text = shifted(statement.text, offset);
    offset += statement.values?.length ?? 0;
    return `(SELECT json_agg(r) FROM (${text}) r) AS "${index}"`;
  });
  const text = `SELECT ${columns.join(", ")}`;
  const named = lookups.every(({ statement }) => statement.name !== undefined);
  if (!named || combinedByNames.size >= MOST_REMEMBERED) return { text, values };
  const combined = { name: `combined${combinedByNames.size + 1}`, text };
  combinedByNames.set(names, combined);
  return { ...combined, values };
}

/** Sends the lookups issued together as one statement, and gives each its rows. */
function sendTogether(statements: Statements, lookups: readonly Pending[]): void {
  const [only] = lookups;
  if (lookups.length === 1 && only) {
    statements.query(only.statement).then(only.resolve, only.reject);
    return;
  }
  statements.query<Record<string, unknown>>(combine(lookups)).then(
    (result) => {
      const row = result.rows[0] ?? {};
      lookups.forEach(({ resolve }, index) => {
        const rows = (row[String(index)] as QueryResultRow[] | null) ?? [];
        resolve({ ...result, rows, rowCount: rows.length });
      });
    },
    (error: unknown) => {
      for (const { reject } of lookups) reject(error);
    },
  );
}

/**
 * Statements whose lookups issued together (in one turn of the event loop, as a command's
 * `Promise.all` issues them) go to the database as one statement: one statement costs the
 * driver and the server far less than several, even pipelined. Only the statements marked
 * `lookup` are combined (reads of a few rows whose order does not matter); any other statement
 * first sends the lookups issued before it, so everything still runs in the order it was
 * issued.
 *
 * @param statements - where statements go
 * @returns the same statements, lookups combined
 */
export function combiningLookups(statements: Statements): Statements {
  let pending: Pending[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const lookups = pending;
    pending = [];
    sendTogether(statements, lookups);
  };
  return {
    query<Row extends QueryResultRow>(statement: Statement): Promise<QueryResult<Row>> {
      if (!statement.lookup) {
        flush();
        return statements.query<Row>(statement);
      }
      return new Promise((resolve, reject) => {
        if (pending.length === 0) queueMicrotask(flush);
        pending.push({ statement, resolve: resolve as Pending["resolve"], reject });
      });
    },
    send(statement) {
      flush();
      return statements.send(statement);
    },
    lock(target, waiting, skipping) {
      flush();
      return statements.lock(target, waiting, skipping);
    },
    notify(payloads) {
      flush();
      return statements.notify(payloads);
    },
  };
}

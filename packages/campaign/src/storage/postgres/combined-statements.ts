import type { QueryResult, QueryResultRow } from "pg";
import type { Statement, Statements } from "./postgres-transaction.js";

/** A statement waiting for the others issued with it. */
interface Pending {
  statement: Statement;
  /** Given the rows of a lookup; a write has none to give. */
  resolve: (result: QueryResult | undefined) => void;
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
 * One statement made of several, their parameters renumbered in turn; remembered (and so
 * prepared) under the names it combines.
 *
 * @param kind - what is combined: part of the remembered name
 * @param parts - the statements
 * @param join - the combined text, given each statement's text renumbered
 */
function combine(
  kind: "lookups" | "writes",
  parts: readonly Pending[],
  join: (texts: string[]) => string,
): Statement {
  // Built with plain loops: this runs for every combined statement.
  let names: string = kind;
  const values: unknown[] = [];
  for (const { statement } of parts) {
    names += `,${statement.name ?? "?"}`;
    if (statement.values) for (const value of statement.values) values.push(value);
  }
  const known = combinedByNames.get(names);
  if (known) return { ...known, values };
  let offset = 0;
  const texts = parts.map(({ statement }) => {
    const text = shifted(statement.text, offset);
    offset += statement.values?.length ?? 0;
    return text;
  });
  const text = join(texts);
  const named = parts.every(({ statement }) => statement.name !== undefined);
  if (!named || combinedByNames.size >= MOST_REMEMBERED) return { text, values };
  const combined = { name: `combined${combinedByNames.size + 1}`, text };
  combinedByNames.set(names, combined);
  return { ...combined, values };
}

/**
 * Lookups as one statement: each becomes a column holding its row as JSON, or null (text,
 * integers and booleans read back as they would alone). A lookup reads at most one row, so a
 * scalar subquery holds it: no aggregate to set up for every execution, which cost the server
 * more than the lookups themselves.
 */
function lookupsText(texts: string[]): string {
  const columns = texts.map(
    (text, index) => `(SELECT row_to_json(r) FROM (${text}) r) AS "${index}"`,
  );
  return `SELECT ${columns.join(", ")}`;
}

/**
 * Writes as one statement: all but the last in a `WITH`, each carried out exactly once. They
 * write different tables, so none would have seen another's rows had they run one by one.
 */
function writesText(texts: string[]): string {
  const last = texts[texts.length - 1] as string;
  const before = texts.slice(0, -1).map((text, index) => `"${index}" AS (${text})`);
  return `WITH ${before.join(", ")} ${last}`;
}

/** Sends the lookups issued together as one statement, and gives each its rows. */
function sendLookups(statements: Statements, lookups: readonly Pending[]): void {
  const [only] = lookups;
  if (lookups.length === 1 && only) {
    statements.query(only.statement).then(only.resolve, only.reject);
    return;
  }
  statements.query<Record<string, unknown>>(combine("lookups", lookups, lookupsText)).then(
    (result) => {
      const row = result.rows[0] ?? {};
      lookups.forEach(({ resolve }, index) => {
        const found = row[String(index)] as QueryResultRow | null | undefined;
        const rows = found ? [found] : [];
        resolve({ ...result, rows, rowCount: rows.length });
      });
    },
    (error: unknown) => {
      for (const { reject } of lookups) reject(error);
    },
  );
}

/** Sends the writes issued together as one statement; each is done when it is. */
function sendWrites(statements: Statements, writes: readonly Pending[]): void {
  const [only] = writes;
  const statement =
    writes.length === 1 && only ? only.statement : combine("writes", writes, writesText);
  statements.send(statement).then(
    () => {
      for (const { resolve } of writes) resolve(undefined);
    },
    (error: unknown) => {
      for (const { reject } of writes) reject(error);
    },
  );
}

/**
 * Statements issued together (in one turn of the event loop, as a command's `Promise.all`
 * issues them) go to the database as one statement: one statement costs the driver and the
 * server far less than several, even pipelined. Two kinds are combined:
 * - lookups (statements marked `lookup`): reads of at most one row, by a unique key;
 * - writes that name their `table`, as long as no two write the same table: each then changes
 *   rows no other one reads or writes, so running them as one changes nothing but the cost.
 * Any other statement first sends those issued before it, and a lookup after a write (or a
 * write after a lookup) waits for nothing but goes out after it, so everything still runs in
 * the order it was issued.
 *
 * @param statements - where statements go
 * @returns the same statements, lookups and writes combined
 */
export function combiningStatements(statements: Statements): Statements {
  let kind: "lookups" | "writes" = "lookups";
  let pending: Pending[] = [];
  const tables = new Set<string>();
  const flush = () => {
    if (pending.length === 0) return;
    const issued = pending;
    pending = [];
    tables.clear();
    if (kind === "lookups") sendLookups(statements, issued);
    else sendWrites(statements, issued);
  };
  const wait = (next: typeof kind, statement: Statement) =>
    new Promise<QueryResult | undefined>((resolve, reject) => {
      if (kind !== next) flush();
      kind = next;
      if (pending.length === 0) queueMicrotask(flush);
      pending.push({ statement, resolve, reject });
    });
  return {
    query<Row extends QueryResultRow>(statement: Statement): Promise<QueryResult<Row>> {
      if (!statement.lookup) {
        flush();
        return statements.query<Row>(statement);
      }
      return wait("lookups", statement) as Promise<QueryResult<Row>>;
    },
    async send(statement) {
      const table = statement.table;
      if (table === undefined) {
        flush();
        return statements.send(statement);
      }
      if (kind === "writes" && tables.has(table)) flush();
      const written = wait("writes", statement);
      tables.add(table);
      await written;
    },
    lock(target, statement) {
      flush();
      return statements.lock(target, statement);
    },
    notify(payloads) {
      flush();
      return statements.notify(payloads);
    },
  };
}

import type { Pool, PoolClient, QueryResult, QueryResultRow } from "pg";
import { isConnectionFailure } from "./postgres-errors.js";

/** A statement with its parameters; a name makes it a prepared statement of the connection. */
export interface Statement {
  name?: string;
  text: string;
  values?: unknown[];
}

/** Where the repository's statements go: the pool (reads), or one write's transaction. */
export interface Statements {
  /** Runs a statement and answers its rows. */
  query<Row extends QueryResultRow>(statement: Statement): Promise<QueryResult<Row>>;
  /**
   * Runs a statement whose rows nobody reads. In a transaction it is sent at once and resolves
   * at once: statements of one connection run in the order they were sent, and its outcome is
   * awaited together with the COMMIT, which it fails if it failed.
   */
  send(statement: Statement): Promise<void>;
}

/**
 * The pool as statements: each runs on whichever connection is free.
 *
 * @param pool - the pool
 * @returns statements that run one by one
 */
export function poolStatements(pool: Pool): Statements {
  return {
    query: (statement) => pool.query(statement),
    send: async (statement) => {
      await pool.query(statement);
    },
  };
}

/** A COMMIT that failed: the transaction may or may not have been committed. */
export class CommitInterrupted extends Error {
  override readonly name = "CommitInterrupted";

  /** @param cause - what the COMMIT threw */
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

async function rollBack(client: PoolClient): Promise<void> {
  try {
    await client.query("ROLLBACK");
  } catch {
    // The connection is gone, and the transaction with it.
  }
}

/** The statements of one transaction: those sent ahead are remembered for the COMMIT. */
function transactionStatements(client: PoolClient, sent: Promise<unknown>[]): Statements {
  return {
    query: (statement) => client.query(statement),
    send: (statement) => {
      const outcome = client.query(statement);
      // Awaited with the COMMIT; until then a failure must not count as unhandled.
      outcome.catch(() => undefined);
      sent.push(outcome);
      return Promise.resolve();
    },
  };
}

/**
 * Sends the closing statements and the COMMIT at once, then awaits them with the statements
 * sent before. When any of them failed, PostgreSQL answers the COMMIT of the aborted
 * transaction with a rollback.
 */
async function commit(
  client: PoolClient,
  sent: readonly Promise<unknown>[],
  closing: readonly Statement[],
): Promise<void> {
  const pending = [...sent, ...closing.map((statement) => client.query(statement))];
  const committed = client.query("COMMIT");
  try {
    await Promise.all(pending);
  } catch (error) {
    await committed.catch(() => undefined);
    // Without an answer the COMMIT may still have been carried out.
    throw isConnectionFailure(error) ? new CommitInterrupted(error) : error;
  }
  try {
    await committed;
  } catch (error) {
    throw new CommitInterrupted(error);
  }
}

/**
 * The error to report for a failed transaction: a statement sent ahead that failed is the
 * cause, and the statements after it only failed because the transaction was aborted.
 */
async function firstCause(error: unknown, sent: readonly Promise<unknown>[]): Promise<unknown> {
  if (error instanceof CommitInterrupted) return error;
  for (const outcome of await Promise.allSettled(sent)) {
    if (outcome.status === "rejected") return outcome.reason;
  }
  return error;
}

function ignoreClientError(): void {
  // A checked-out client whose connection dies also emits "error"; the failure reaches the
  // transaction through the rejected query, and an unheard "error" would end the process.
}

/**
 * Runs `work` in one transaction on a connection of the pool: `BEGIN`, the work, then the
 * closing statements with `COMMIT` (sent together with the work's last writes), or `ROLLBACK`
 * if anything throws. A connection that failed is dropped from the pool.
 *
 * @param pool - the pool (pipelining: statements sent together share a round trip)
 * @param work - the transaction's statements
 * @param closing - statements to run last, from what `work` returned
 * @returns what `work` returned, once committed
 * @throws what `work` threw; {@link CommitInterrupted} when the COMMIT may have been lost
 */
export async function runTransaction<Result>(
  pool: Pool,
  work: (statements: Statements) => Promise<Result>,
  closing: (result: Result) => readonly Statement[] = () => [],
): Promise<Result> {
  const client = await pool.connect();
  client.on("error", ignoreClientError);
  const sent: Promise<unknown>[] = [];
  let failure: unknown;
  try {
    await client.query("BEGIN");
    const result = await work(transactionStatements(client, sent));
    await commit(client, sent, closing(result));
    return result;
  } catch (error) {
    failure = await firstCause(error, sent);
    if (!(failure instanceof CommitInterrupted)) await rollBack(client);
    throw failure;
  } finally {
    client.removeListener("error", ignoreClientError);
    const cause = failure instanceof CommitInterrupted ? failure.cause : failure;
    client.release(isConnectionFailure(cause));
  }
}

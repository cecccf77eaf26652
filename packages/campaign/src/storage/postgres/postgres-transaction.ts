import type { Pool, PoolClient, QueryResult, QueryResultRow } from "pg";
import { isConnectionFailure } from "./postgres-errors.js";

/** The pool (reads) or one transaction's connection (writes): both run queries. */
export interface Queryable {
  query<Row extends QueryResultRow>(query: {
    name?: string;
    text: string;
    values?: unknown[];
  }): Promise<QueryResult<Row>>;
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

/** A statement that runs last, together with the COMMIT (sent in the same round trip). */
export interface ClosingStatement {
  name: string;
  text: string;
  values: unknown[];
}

/**
 * Sends the closing statements and the COMMIT in one round trip. When a closing statement
 * fails, PostgreSQL answers the COMMIT of the aborted transaction with a rollback.
 */
async function commit(client: PoolClient, closing: readonly ClosingStatement[]): Promise<void> {
  const sent = closing.map((statement) => client.query(statement));
  const committed = client.query("COMMIT");
  try {
    await Promise.all(sent);
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

function ignoreClientError(): void {
  // A checked-out client whose connection dies also emits "error"; the failure reaches the
  // transaction through the rejected query, and an unheard "error" would end the process.
}

/**
 * Runs `work` in one transaction on a connection of the pool: `BEGIN`, the work, then the
 * closing statements with `COMMIT`, or `ROLLBACK` if anything throws. A connection that
 * failed is dropped from the pool.
 *
 * @param pool - the pool (pipelining: statements issued together share a round trip)
 * @param work - the transaction's statements
 * @param closing - statements to run last, from what `work` returned
 * @returns what `work` returned, once committed
 * @throws what `work` threw; {@link CommitInterrupted} when the COMMIT may have been lost
 */
export async function runTransaction<Result>(
  pool: Pool,
  work: (client: PoolClient) => Promise<Result>,
  closing: (result: Result) => readonly ClosingStatement[] = () => [],
): Promise<Result> {
  const client = await pool.connect();
  client.on("error", ignoreClientError);
  let failure: unknown;
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await commit(client, closing(result));
    return result;
  } catch (error) {
    failure = error;
    if (!(error instanceof CommitInterrupted)) await rollBack(client);
    throw error;
  } finally {
    client.removeListener("error", ignoreClientError);
    const cause = failure instanceof CommitInterrupted ? failure.cause : failure;
    client.release(isConnectionFailure(cause));
  }
}

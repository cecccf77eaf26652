import type { Pool, PoolClient, QueryResult, QueryResultRow } from "pg";
import type { LockTarget, SessionCampaigns } from "./batch-keys.js";
import { CHANGE_CHANNEL } from "./change-notices.js";
import { isConnectionFailure } from "./postgres-errors.js";
import { STATEMENTS } from "./postgres-statements.js";

const NOTIFY_CHANGES = STATEMENTS.notifyChanges;

/** A statement with its parameters; a name makes it a prepared statement of the connection. */
export interface Statement {
  name?: string;
  text: string;
  values?: unknown[];
  /** A read of at most one row (by a unique key), which may be combined with others. */
  lookup?: boolean;
  /** The one table a write changes, when it may be combined with writes of other tables. */
  table?: string;
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
  /**
   * Takes a campaign's write lock (docs/campaign.md §10.2) with `statement`, which waits for the
   * lock and answers a row with the campaign's `id`. A write batch may instead lock its writes'
   * campaigns together without waiting, and locks none its transaction already holds.
   */
  lock(target: LockTarget, statement: Statement): Promise<QueryResult>;
  /**
   * Sends notices on the change channel (docs/campaign.md §10.3), delivered when the
   * transaction commits; a write batch sends all its writes' notices in one statement.
   */
  notify(payloads: readonly string[]): Promise<void>;
}

/**
 * The statement sending notices on the change channel.
 *
 * @param payloads - the notices
 * @returns the statement
 */
export function notifyStatement(payloads: readonly string[]): Statement {
  return { name: "notifyChanges", text: NOTIFY_CHANGES, values: [CHANGE_CHANNEL, payloads] };
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
    lock: (_target, statement) => pool.query(statement),
    notify: async (payloads) => {
      await pool.query(notifyStatement(payloads));
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

/** @param client - a connection in a transaction, rolled back unless it is gone */
export async function rollBack(client: PoolClient): Promise<void> {
  try {
    await client.query("ROLLBACK");
  } catch {
    // The connection is gone, and the transaction with it.
  }
}

/**
 * Makes the statements a transaction issues in one turn of the event loop leave in one write:
 * the driver writes each statement on its own, and on a busy machine every write to the socket
 * costs more than the statement does at the server. The connection's output is held from the
 * first statement until the work in hand (the promise callbacks it set off included) is done.
 *
 * @param client - the transaction's connection
 * @returns call before each statement
 */
export function coalescingWrites(client: PoolClient): () => void {
  let holding = false;
  return () => {
    if (holding) return;
    holding = true;
    client.connection.stream.cork();
    setImmediate(() => {
      holding = false;
      client.connection.stream.uncork();
    });
  };
}

/** The statements of one transaction: those sent ahead are remembered for the COMMIT. */
function transactionStatements(
  client: PoolClient,
  sent: Promise<unknown>[],
  hold: () => void,
  campaigns: SessionCampaigns | undefined,
): Statements {
  const query = <Row extends QueryResultRow>(statement: Statement) => {
    hold();
    return client.query<Row>(statement);
  };
  const send = (statement: Statement) => {
    hold();
    const outcome = client.query(statement);
    // Awaited with the COMMIT; until then a failure must not count as unhandled.
    outcome.catch(() => undefined);
    sent.push(outcome);
    return Promise.resolve();
  };
  return {
    query,
    send,
    lock: async (target, statement) => {
      const result = await query<{ id: string }>(statement);
      const campaignId = result.rows[0]?.id;
      if ("sessionId" in target && campaignId) campaigns?.learn(target.sessionId, campaignId);
      return result;
    },
    notify: (payloads) => send(notifyStatement(payloads)),
  };
}

/**
 * Sends the COMMIT right behind the statements sent before (they share a round trip), then
 * awaits them all. When any of them failed, PostgreSQL answers the COMMIT of the aborted
 * transaction with a rollback.
 */
export async function commit(
  client: PoolClient,
  sent: readonly Promise<unknown>[],
  hold: () => void,
): Promise<void> {
  hold();
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

/** Listens for a checked-out client's "error" event, which the failing query reports too. */
export function ignoreClientError(): void {
  // A checked-out client whose connection dies also emits "error"; the failure reaches the
  // transaction through the rejected query, and an unheard "error" would end the process.
}

/**
 * Runs `work` in one transaction on a connection of the pool: `BEGIN`, the work, then `COMMIT`
 * (sent together with the work's last writes), or `ROLLBACK` if anything throws. `BEGIN` is
 * not awaited on its own: it leaves with the work's first statements, which the connection
 * runs after it, so a transaction costs one round trip less. A connection that failed is
 * dropped from the pool.
 *
 * @param pool - the pool (pipelining: statements sent together share a round trip)
 * @param work - the transaction's statements
 * @param campaigns - where the campaigns of locked sessions are remembered, if anywhere
 * @returns what `work` returned, once committed
 * @throws what `work` threw; {@link CommitInterrupted} when the COMMIT may have been lost
 */
export async function runTransaction<Result>(
  pool: Pool,
  work: (statements: Statements) => Promise<Result>,
  campaigns?: SessionCampaigns,
): Promise<Result> {
  const client = await pool.connect();
  client.on("error", ignoreClientError);
  const sent: Promise<unknown>[] = [];
  let failure: unknown;
  try {
    const hold = coalescingWrites(client);
    const statements = transactionStatements(client, sent, hold, campaigns);
    await statements.send({ text: "BEGIN" });
    const result = await work(statements);
    await commit(client, sent, hold);
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

import type { Pool, PoolClient, QueryResult, QueryResultRow } from "pg";
import type { BatchKeys, ContendedCampaigns, LockTarget, SessionCampaigns } from "./batch-keys.js";
import { isConnectionFailure } from "./postgres-errors.js";
import { STATEMENTS } from "./postgres-statements.js";
import {
  CommitInterrupted,
  coalescingWrites,
  commit,
  ignoreClientError,
  notifyStatement,
  rollBack,
  type Statement,
  type Statements,
} from "./postgres-transaction.js";

/** How a write of a batch ended: its value or error once the batch committed, or run it alone. */
export type BatchOutcome<Value> =
  | { kind: "committed"; value: Value }
  | { kind: "failed"; error: unknown }
  /** Its campaign was locked by another transaction: a batch that waits for it may take it. */
  | { kind: "refused" }
  | { kind: "alone" };

/** Thrown to a write's statements once it has left its batch: it is run again on its own. */
class LeftBatch extends Error {
  override readonly name = "LeftBatch";
  constructor() {
    super("the write left its batch and runs again in a transaction of its own");
  }
}

/** A write of the batch: how to tell it its outcome, and the outcome once it is done. */
interface Settled {
  resolve: (outcome: BatchOutcome<unknown>) => void;
  result?: BatchOutcome<unknown>;
}

/** Locks asked for together, sent as one statement. */
interface PendingLocks {
  campaignIds: string[];
  /**
   * Settles once the statement has gone out (a write's reads may follow it), with the campaigns
   * it locked, once answered.
   */
  sent: Promise<{ granted: Promise<Set<string>> }>;
}

/** The most writes one batch takes. */
const MOST_WRITES = 64;

/** What a batch shares with its writes. */
interface BatchContext {
  keys: BatchKeys;
  campaigns: SessionCampaigns;
  contended: ContendedCampaigns;
}

/**
 * One transaction shared by the writes that arrive together (group commit,
 * docs/campaign.md §10.2): their statements go out pipelined on one connection, and one COMMIT
 * (one wait for the disk) makes them all durable. A batch takes writes until the first of them
 * is done, then commits once every write is done. A write that cannot take part (its first
 * statement is not its campaign's lock, its campaign is locked by another transaction, or it
 * locks a second campaign) leaves; one refused by a campaign locked elsewhere tries once more
 * in a batch whose first lock waits for it, any other runs alone; a statement that fails, or a
 * write that leaves after writing, rolls the whole batch back, and its writes all run again
 * alone. No write's outcome is told before the batch has committed.
 */
export class WriteBatch {
  private connection: Promise<PoolClient> | undefined;
  private hold: () => void = () => {};
  private readonly sent: Promise<unknown>[] = [];
  private readonly settled: Settled[] = [];
  private running = 0;
  private accepting = true;
  private poisoned = false;
  /** Settles once the first lock of a batch that waits is answered. */
  private firstLock: Promise<void> | undefined;
  /** The locks asked for together, not sent yet. */
  private locks: PendingLocks | undefined;
  /** The notices of the batch's writes, sent together just before its COMMIT. */
  readonly notices: string[] = [];
  /** The campaigns this batch holds, in {@link BatchKeys}. */
  readonly campaigns = new Set<string>();
  /** The campaigns whose lock one of the batch's writes was granted: held until it ends. */
  readonly locked = new Set<string>();

  /**
   * @param pool - where the batch takes its connection, once its first statement goes out
   * @param order - the batch's number: batches are numbered in the order they open
   * @param context - the process's campaign keys and known sessions
   * @param firstWaits - whether the batch's first lock waits for a campaign locked elsewhere
   */
  constructor(
    private readonly pool: Pool,
    readonly order: number,
    private readonly context: BatchContext,
    private readonly firstWaits: boolean,
  ) {}

  /** Whether the batch's first lock waits for a campaign locked elsewhere. */
  get waits(): boolean {
    return this.firstWaits;
  }

  /** Whether another write may join. */
  get open(): boolean {
    return this.accepting && this.settled.length < MOST_WRITES;
  }

  /**
   * Runs a write in the batch.
   *
   * @param work - the write, given the batch's statements
   * @returns its outcome, once the batch has ended (or at once when it left the batch)
   */
  run<Value>(work: (statements: Statements) => Promise<Value>): Promise<BatchOutcome<Value>> {
    const member = new BatchMember(this, this.context);
    this.running += 1;
    return new Promise((resolve) => {
      const entry: Settled = { resolve: resolve as (outcome: BatchOutcome<unknown>) => void };
      this.settled.push(entry);
      work(member).then(
        (value) => this.done(member, entry, { kind: "committed", value }),
        (error: unknown) => this.done(member, entry, { kind: "failed", error }),
      );
    });
  }

  /** Sends a statement whose answer the caller awaits; a failure spoils the batch. */
  query<Row extends QueryResultRow>(statement: Statement): Promise<QueryResult<Row>> {
    const answer = this.connected().then((client) => {
      this.hold();
      return client.query<Row>(statement);
    });
    answer.catch(() => {
      this.poisoned = true;
    });
    return answer;
  }

  /** Sends a statement whose outcome is awaited with the COMMIT. */
  send(statement: Statement): void {
    const outcome = this.query(statement);
    outcome.catch(() => undefined);
    this.sent.push(outcome);
  }

  /** The batch's connection, taken (and its transaction begun) by the first statement. */
  private connected(): Promise<PoolClient> {
    if (this.connection) return this.connection;
    const connection = this.pool.connect().then((client) => {
      client.on("error", ignoreClientError);
      this.hold = coalescingWrites(client);
      return client;
    });
    connection.catch(() => undefined);
    this.connection = connection;
    this.send({ text: "BEGIN" });
    return connection;
  }

  /**
   * Sends a write's campaign lock. Locks skip a campaign locked elsewhere (it is left out of the
   * answer), so a batch never waits while it holds a lock, and batches cannot deadlock; those
   * asked for together go out as one statement. Only the first lock of a batch that waits goes
   * out waiting for its campaign, as a write of its own would (`waiting`): the batch holds
   * nothing while it waits, and its other locks go out once the first is granted.
   *
   * @returns the lock's answer once the lock has gone out, and whether it skips
   */
  async sendLock(
    campaignId: string,
    waiting: Statement,
  ): Promise<{ answer: Promise<QueryResult>; skips: boolean }> {
    if (this.firstWaits && this.firstLock === undefined) {
      const answer = this.query(waiting);
      this.firstLock = answer.then(
        () => undefined,
        () => undefined,
      );
      return { answer, skips: false };
    }
    await this.firstLock;
    const { sent, answer } = this.lockTogether(campaignId);
    await sent;
    return { answer, skips: true };
  }

  /** Adds a lock to the statement taking the locks asked for together. */
  private lockTogether(campaignId: string): { sent: Promise<void>; answer: Promise<QueryResult> } {
    const locks = this.locks ?? this.newLocks();
    locks.campaignIds.push(campaignId);
    const answer = locks.sent
      .then(({ granted }) => granted)
      .then((granted) => (granted.has(campaignId) ? heldLock(campaignId) : NOT_LOCKED));
    return { sent: locks.sent.then(() => undefined), answer };
  }

  /** Locks to be sent as one statement once the promise callbacks under way have run. */
  private newLocks(): PendingLocks {
    const campaignIds: string[] = [];
    const sent = new Promise<void>((resolve) => queueMicrotask(resolve)).then(() => {
      this.locks = undefined;
      const granted = this.query<{ id: string }>({
        name: "lockCampaignsSkipping",
        text: STATEMENTS.lockCampaignsSkipping,
        values: [campaignIds],
      }).then((result) => new Set(result.rows.map((row) => row.id)));
      return { granted };
    });
    this.locks = { campaignIds, sent };
    return this.locks;
  }

  /** Rolls the whole batch back: a write that had written left it. */
  spoil(): void {
    this.poisoned = true;
  }

  private done(member: BatchMember, entry: Settled, outcome: BatchOutcome<unknown>): void {
    member.finished();
    // A write that failed after writing is undone only by rolling the whole batch back, and
    // one done before its lock was answered leaves writes behind that nobody waited for.
    if ((outcome.kind === "failed" && member.wrote) || member.locking) this.spoil();
    // The first write done closes the batch; one that left did none of the batch's work.
    if (!member.left) this.accepting = false;
    this.running -= 1;
    if (member.left) {
      entry.resolve({ kind: member.refused ? "refused" : "alone" });
      entry.result = { kind: "alone" };
    } else {
      entry.result = outcome;
    }
    if (this.running === 0) void this.end();
  }

  /** Commits (or rolls back) once every write is done, then tells each its outcome. */
  private async end(): Promise<void> {
    this.accepting = false;
    if (!this.connection) {
      // No statement went out: every write is done with nothing to commit.
      return this.tell((result) => result);
    }
    let client: PoolClient;
    try {
      client = await this.connection;
    } catch (error) {
      this.context.keys.release(this.campaigns);
      // No connection was to be had; running alone would wait for one again.
      return this.tell(() => ({ kind: "failed", error }));
    }
    let failure: unknown;
    try {
      if (this.poisoned) throw new Error("the batch was spoilt");
      if (this.notices.length > 0) this.send(notifyStatement(this.notices));
      await commit(client, this.sent, this.hold);
      this.tell((result) => result);
    } catch (error) {
      failure = error;
      if (!(error instanceof CommitInterrupted)) await rollBack(client);
      // A COMMIT whose answer was lost may have been carried out: running the writes again
      // could apply them twice, so they are told so instead.
      this.tell(() =>
        error instanceof CommitInterrupted ? { kind: "failed", error } : { kind: "alone" },
      );
    } finally {
      this.context.keys.release(this.campaigns);
      client.removeListener("error", ignoreClientError);
      const cause = failure instanceof CommitInterrupted ? failure.cause : failure;
      client.release(isConnectionFailure(cause));
    }
  }

  private tell(decide: (result: BatchOutcome<unknown>) => BatchOutcome<unknown>): void {
    for (const entry of this.settled) {
      if (entry.result && entry.result.kind !== "alone") entry.resolve(decide(entry.result));
    }
  }
}

/** What a lock statement answers for a campaign the batch's transaction holds. */
function heldLock(campaignId: string): QueryResult {
  return { command: "SELECT", rowCount: 1, oid: 0, fields: [], rows: [{ id: campaignId }] };
}

/** What a lock statement answers for a campaign locked elsewhere. */
const NOT_LOCKED: QueryResult = { command: "SELECT", rowCount: 0, oid: 0, fields: [], rows: [] };

/** A statement a write issued before it may go out: a read (with its answer) or a write. */
interface Held {
  statement: Statement;
  answer?: { resolve: (result: QueryResult) => void; reject: (error: unknown) => void };
}

/**
 * One write's statements inside a batch. Its first statement must be its campaign's lock:
 * until the campaign is its turn, the write's statements wait; reads follow the lock at once,
 * writes once the lock is answered, all in the order they were issued. A campaign an earlier
 * write of the batch locked is not locked again: the batch's transaction holds it. Anything
 * else makes it leave the batch.
 */
class BatchMember implements Statements {
  private state: "new" | "locking" | "locked" | "left" = "new";
  private campaignId: string | undefined;
  private lockSent = false;
  private readonly held: Held[] = [];
  /** Whether the write's work has ended. */
  private over = false;
  /** Whether any of its writes went out in the batch. */
  wrote = false;
  /** Whether it left because its campaign was locked elsewhere (or is not there). */
  refused = false;

  constructor(
    private readonly batch: WriteBatch,
    private readonly context: BatchContext,
  ) {}

  /** Whether its lock is still unanswered. */
  get locking(): boolean {
    return this.state === "locking";
  }

  /** Whether the write left the batch (it runs again alone). */
  get left(): boolean {
    return this.state === "left";
  }

  query<Row extends QueryResultRow>(statement: Statement): Promise<QueryResult<Row>> {
    if (this.state === "new") this.leave();
    if (this.state === "left") return Promise.reject(new LeftBatch());
    if (this.state === "locked" || (this.lockSent && this.held.length === 0)) {
      return this.batch.query<Row>(statement);
    }
    return new Promise((resolve, reject) => {
      const answer = { resolve: resolve as (result: QueryResult) => void, reject };
      this.held.push({ statement, answer });
    });
  }

  notify(payloads: readonly string[]): Promise<void> {
    if (this.state !== "locked") return this.send(notifyStatement(payloads));
    this.batch.notices.push(...payloads);
    return Promise.resolve();
  }

  send(statement: Statement): Promise<void> {
    if (this.state === "new") this.leave();
    if (this.state === "left") return Promise.reject(new LeftBatch());
    if (this.state === "locked") {
      this.wrote = true;
      this.batch.send(statement);
    } else {
      this.held.push({ statement });
    }
    return Promise.resolve();
  }

  async lock(target: LockTarget, statement: Statement): Promise<QueryResult> {
    const campaignId = this.context.campaigns.campaignOf(target);
    if (this.state === "locked" && campaignId !== undefined && campaignId === this.campaignId) {
      return heldLock(campaignId);
    }
    if (this.state !== "new" || campaignId === undefined) return this.leaveWith();
    if (!this.batch.waits && this.context.contended.has(campaignId)) {
      this.refused = true;
      return this.leaveWith();
    }
    this.state = "locking";
    if (!(await this.context.keys.take(campaignId, this.batch.order))) return this.leaveWith();
    if (this.over) {
      // The write ended without waiting for its lock: nobody would give the campaign back.
      this.context.keys.doneWith(campaignId);
      return this.leaveWith();
    }
    this.campaignId = campaignId;
    this.batch.campaigns.add(campaignId);
    // An earlier write of the batch took the lock, and the batch's transaction keeps it.
    if (this.batch.locked.has(campaignId)) return this.granted(heldLock(campaignId));
    const { answer, skips } = await this.batch.sendLock(campaignId, statement);
    this.lockSent = true;
    this.release((held) => held.answer !== undefined);
    const result = await answer;
    if (result.rows.length === 0) {
      this.refused = skips;
      if (skips) this.context.contended.mark(campaignId);
      return this.leaveWith();
    }
    this.batch.locked.add(campaignId);
    return this.granted(result);
  }

  /** The write holds its campaign's lock: its statements may all go. */
  private granted(result: QueryResult): QueryResult {
    this.lockSent = true;
    this.state = "locked";
    this.release(() => true);
    return result;
  }

  /** The write is done: the next write of the batch may have its campaign. */
  finished(): void {
    this.over = true;
    if (this.campaignId !== undefined) this.context.keys.doneWith(this.campaignId);
    this.campaignId = undefined;
  }

  /** Sends the held statements in order, up to the first one that may not go yet. */
  private release(mayGo: (held: Held) => boolean): void {
    while (this.held.length > 0 && mayGo(this.held[0] as Held)) {
      const { statement, answer } = this.held.shift() as Held;
      if (answer) {
        this.batch.query(statement).then(answer.resolve, answer.reject);
      } else {
        this.wrote = true;
        this.batch.send(statement);
      }
    }
  }

  private leave(): void {
    if (this.wrote) this.batch.spoil();
    this.state = "left";
    for (const { answer } of this.held.splice(0)) answer?.reject(new LeftBatch());
  }

  private leaveWith(): never {
    this.leave();
    throw new LeftBatch();
  }
}

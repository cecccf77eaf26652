import { randomBytes } from "node:crypto";
import { type Logger, silentLogger } from "@tabletop-mcp/kit";
import pg from "pg";
import type {
  CampaignRepository,
  CampaignStore,
  ExternalChange,
  Written,
} from "../campaign-store.js";
import { StorageError } from "../storage-error.js";
import { locationSecrets, maskLocation, redactSecrets } from "../store-location.js";
import { BatchKeys, ContendedCampaigns, SessionCampaigns } from "./batch-keys.js";
import { ChangeListener } from "./change-listener.js";
import { changePayloads } from "./change-notices.js";
import { clientConfig, DEFAULT_POOL_SIZE, poolConfig } from "./connection-options.js";
import { storeFailure } from "./postgres-errors.js";
import { migrate } from "./postgres-migrations.js";
import { PostgresCampaignRepository } from "./postgres-repository.js";
import {
  CommitInterrupted,
  poolStatements,
  runTransaction,
  type Statements,
} from "./postgres-transaction.js";
import { WriteBatch } from "./write-batch.js";

/** Options of {@link openPostgresCampaignStore}. */
export interface PostgresStoreOptions {
  /** Connections in the pool (default 10). */
  pool?: number;
  /** Where the store reports connection trouble (the password never appears). */
  logger?: Logger;
}

/**
 * The PostgreSQL store: a pool, one transaction per write that also announces its changes to
 * the other replicas, and a listener for theirs.
 */
class PostgresCampaignStore implements CampaignStore {
  private readonly origin = randomBytes(8).toString("hex");
  private readonly listeners = new Set<(change: ExternalChange) => void>();
  private listener: ChangeListener | undefined;
  private readonly keys = new BatchKeys();
  private readonly campaigns = new SessionCampaigns();
  private readonly contended = new ContendedCampaigns();
  private batch: WriteBatch | undefined;
  private waiting: WriteBatch | undefined;
  private batches = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
    private readonly secrets: readonly string[],
    private readonly logger: Logger,
  ) {}

  async write<Value>(
    work: (repository: CampaignRepository) => Promise<Written<Value>>,
  ): Promise<Written<Value>> {
    const transaction = async (statements: Statements) => {
      const written = await work(new PostgresCampaignRepository(statements));
      await this.announce(statements, written);
      return written;
    };
    try {
      let outcome = await this.openBatch().run(transaction);
      if (outcome.kind === "refused") outcome = await this.waitingBatch().run(transaction);
      if (outcome.kind === "committed") return outcome.value;
      if (outcome.kind === "failed") throw outcome.error;
      return await runTransaction(this.pool, transaction, this.campaigns);
    } catch (error) {
      const committing = error instanceof CommitInterrupted;
      throw storeFailure(committing ? error.cause : error, committing, this.secrets);
    }
  }

  /** The batch a write joins: the open one, or a new one (docs/campaign.md §10.2). */
  private openBatch(): WriteBatch {
    if (!this.batch?.open) this.batch = this.newBatch(false);
    return this.batch;
  }

  /** The batch a write refused by a campaign locked elsewhere joins: its first lock waits. */
  private waitingBatch(): WriteBatch {
    if (!this.waiting?.open) this.waiting = this.newBatch(true);
    return this.waiting;
  }

  private newBatch(firstWaits: boolean): WriteBatch {
    const context = { keys: this.keys, campaigns: this.campaigns, contended: this.contended };
    return new WriteBatch(this.pool, ++this.batches, context, firstWaits);
  }

  /**
   * Notifies the change channel inside the write's own transaction (docs/campaign.md §10.3):
   * PostgreSQL delivers the notice when the transaction commits and drops it when it rolls
   * back, so every replica hears of exactly the committed writes, even when this one dies right
   * after its commit. The statement leaves with the COMMIT, costing no round trip.
   */
  private async announce(statements: Statements, written: Written<unknown>): Promise<void> {
    if (written.changedUris.length === 0) return;
    await statements.notify(changePayloads(this.origin, written.changedUris, written.audience));
  }

  async read<Result>(work: (repository: CampaignRepository) => Promise<Result>): Promise<Result> {
    try {
      return await work(new PostgresCampaignRepository(poolStatements(this.pool)));
    } catch (error) {
      throw storeFailure(error, false, this.secrets);
    }
  }

  watchExternalChanges(listener: (change: ExternalChange) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Listens for the other replicas' notices from the start, before any client can subscribe
   * or write through this store: a change they commit later is heard.
   *
   * @returns once the first attempt to listen has succeeded or failed (it is then retried)
   */
  listen(): Promise<void> {
    this.listener = new ChangeListener({
      origin: this.origin,
      connect: () =>
        new pg.Client({
          ...clientConfig(this.url),
          application_name: `tabletop-campaign listener ${process.pid}`,
          query_timeout: 5_000,
        }),
      onChange: (change) => {
        for (const each of this.listeners) each(change);
      },
      onInterrupted: (reason, retryInMs) =>
        this.logger.warn(
          `listening for other replicas' changes stopped (${redactSecrets(reason, this.secrets)}); trying again in ${retryInMs} ms`,
        ),
    });
    return this.listener.firstAttempt;
  }

  async close(): Promise<void> {
    await this.listener?.stop();
    await this.pool.end();
  }
}

/**
 * Connects to a PostgreSQL database with a pool and brings its schema up to date under an
 * advisory lock (docs/campaign.md §10.1). One store per process; several processes (replicas)
 * may share the database: writes inside one campaign are serialised by the campaign's row
 * lock, each write's URIs and their audience are announced with `pg_notify` inside its
 * transaction, and {@link CampaignStore.watchExternalChanges} listens for the other replicas'
 * notices.
 *
 * @param url - a libpq URL, `postgres://` or `postgresql://`
 * @param options - pool size and logger
 * @returns the store
 * @throws StorageError `OPEN_FAILED` (the reason without the password) or `SCHEMA_TOO_NEW`
 */
export async function openPostgresCampaignStore(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<CampaignStore> {
  const secrets = locationSecrets(url, process.env);
  const logger = options.logger ?? silentLogger;
  const pool = new pg.Pool(poolConfig(url, options.pool ?? DEFAULT_POOL_SIZE));
  // An idle connection the server closed is dropped from the pool; without a listener the
  // pool's error event would end the process.
  pool.on("error", (error) =>
    logger.warn(`a pooled database connection failed: ${redactSecrets(error.message, secrets)}`),
  );
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    if (error instanceof StorageError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new StorageError(
      "OPEN_FAILED",
      redactSecrets(`${reason} (${maskLocation(url)})`, secrets),
    );
  }
  const store = new PostgresCampaignStore(pool, url, secrets, logger);
  await store.listen();
  return store;
}

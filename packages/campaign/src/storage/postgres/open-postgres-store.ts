import { randomBytes } from "node:crypto";
import { type Logger, silentLogger } from "@tabletop-mcp/kit";
import postgres from "postgres";
import type {
  CampaignRepository,
  CampaignStore,
  ExternalChange,
  Written,
} from "../campaign-store.js";
import { StorageError } from "../storage-error.js";
import { locationSecrets, maskLocation, redactSecrets } from "../store-location.js";
import { ChangeListener } from "./change-listener.js";
import { CHANGE_CHANNEL, type ChangeNotice, changePayloads } from "./change-notices.js";
import { connectionOptions, DEFAULT_POOL_SIZE } from "./connection-options.js";
import { readFailure, writeFailure } from "./postgres-errors.js";
import { migrate } from "./postgres-migrations.js";
import { PostgresCampaignRepository } from "./postgres-repository.js";

/** Options of {@link openPostgresCampaignStore}. */
export interface PostgresStoreOptions {
  /** Connections in the pool (default 10). */
  pool?: number;
  /** Where the store reports a lost change listener. */
  logger?: Logger;
  /** The environment whose `PG*` variables apply (default: the process's). */
  environment?: Readonly<Record<string, string | undefined>>;
}

/** The PostgreSQL store: a pool, one transaction per write, a listener for other replicas. */
class PostgresCampaignStore implements CampaignStore {
  private readonly origin = randomBytes(8).toString("hex");
  private readonly listeners = new Set<(change: ExternalChange) => void>();
  private listener: ChangeListener | undefined;

  constructor(
    private readonly sql: postgres.Sql,
    private readonly connectListener: () => postgres.Sql,
    private readonly secrets: readonly string[],
    private readonly logger: Logger,
  ) {}

  async write<Value>(
    work: (repository: CampaignRepository) => Promise<Written<Value>>,
  ): Promise<Written<Value>> {
    let committing = false;
    try {
      return await this.sql.begin(async (transaction) => {
        const written = await work(new PostgresCampaignRepository(transaction));
        // Inside the transaction: a write that rolls back notifies nobody.
        for (const payload of changePayloads(this.origin, written.changedUris)) {
          await transaction`SELECT pg_notify(${CHANGE_CHANNEL}, ${payload})`;
        }
        committing = true;
        return written;
      });
    } catch (error) {
      throw writeFailure(error, committing, this.secrets);
    }
  }

  async read<Result>(work: (repository: CampaignRepository) => Promise<Result>): Promise<Result> {
    try {
      return await work(new PostgresCampaignRepository(this.sql));
    } catch (error) {
      throw readFailure(error, this.secrets);
    }
  }

  watchExternalChanges(listener: (change: ExternalChange) => void): () => void {
    this.listeners.add(listener);
    this.listener ??= new ChangeListener({
      origin: this.origin,
      connect: this.connectListener,
      publish: (notice: ChangeNotice) => this.publish(notice),
      onChange: (change) => {
        for (const each of this.listeners) each(change);
      },
      onInterrupted: (reason, retryInMs) =>
        this.logger.warn(
          `listening for other replicas' changes stopped (${redactSecrets(reason, this.secrets)}); trying again in ${retryInMs} ms`,
        ),
    });
    return () => {
      this.listeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    await this.listener?.stop();
    await this.sql.end({ timeout: 5 });
  }

  private async publish(notice: ChangeNotice): Promise<void> {
    await this.sql`SELECT pg_notify(${CHANGE_CHANNEL}, ${JSON.stringify(notice)})`;
  }
}

/**
 * Connects to a PostgreSQL database with a pool and brings its schema up to date under an
 * advisory lock (scale.md §1). One store per process; several processes (replicas) may share
 * the database: writes inside one campaign are serialised by the campaign's row lock, each
 * write publishes the URIs it changed with `pg_notify` in its own transaction, and
 * {@link CampaignStore.watchExternalChanges} listens for the other replicas' notices.
 *
 * @param url - a libpq URL, `postgres://` or `postgresql://`
 * @param options - pool size, logger and environment
 * @returns the store
 * @throws StorageError `OPEN_FAILED` (the reason without the password) or `SCHEMA_TOO_NEW`
 */
export async function openPostgresCampaignStore(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<CampaignStore> {
  const environment = options.environment ?? process.env;
  const secrets = locationSecrets(url, environment);
  const settings = {
    pool: options.pool ?? DEFAULT_POOL_SIZE,
    applicationName: "tabletop-campaign",
  };
  let sql: postgres.Sql;
  try {
    sql = postgres(url, connectionOptions(url, environment, settings));
    await migrate(sql);
  } catch (error) {
    if (error instanceof StorageError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new StorageError(
      "OPEN_FAILED",
      `${redactSecrets(reason, secrets)} (${redactSecrets(maskLocation(url), secrets)})`,
    );
  }
  const listenerSettings = {
    pool: 1,
    applicationName: `tabletop-campaign listener ${process.pid}`,
  };
  return new PostgresCampaignStore(
    sql,
    () => postgres(url, connectionOptions(url, environment, listenerSettings)),
    secrets,
    options.logger ?? silentLogger,
  );
}

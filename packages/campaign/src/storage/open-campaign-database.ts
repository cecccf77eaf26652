import type { CampaignStore } from "./campaign-store.js";
import type { PostgresStoreOptions } from "./postgres/open-postgres-store.js";
import { openCampaignStore } from "./sqlite/open-sqlite-store.js";
import { isPostgresUrl } from "./store-location.js";

/**
 * Opens the store a `--db` value names: a PostgreSQL database for a `postgres://` or
 * `postgresql://` URL, else a SQLite file (or `:memory:`). The PostgreSQL driver is loaded only
 * when it is needed.
 *
 * @param location - a file path, `:memory:` or a libpq URL
 * @param options - pool size, logger and environment, for PostgreSQL
 * @returns the store
 * @throws StorageError `OPEN_FAILED` or `SCHEMA_TOO_NEW`
 */
export async function openCampaignDatabase(
  location: string,
  options: PostgresStoreOptions = {},
): Promise<CampaignStore> {
  if (!isPostgresUrl(location)) return openCampaignStore(location);
  return openPostgresCampaignStore(location, options);
}

/**
 * Opens a campaign store on the PostgreSQL database a libpq URL names. The driver (and what it
 * loads: on Node 20, the whole fetch implementation) is loaded by the first call, so a program
 * that imports this package for SQLite, as the gateway does, never pays for it.
 *
 * @param url - a `postgres://` or `postgresql://` URL
 * @param options - pool size, logger and environment
 * @returns the store, migrated and listening for other replicas' changes
 * @throws StorageError `OPEN_FAILED` or `SCHEMA_TOO_NEW`
 */
export async function openPostgresCampaignStore(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<CampaignStore> {
  const postgres = await import("./postgres/open-postgres-store.js");
  return postgres.openPostgresCampaignStore(url, options);
}

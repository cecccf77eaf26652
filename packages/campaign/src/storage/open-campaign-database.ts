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
  const { openPostgresCampaignStore } = await import("./postgres/open-postgres-store.js");
  return openPostgresCampaignStore(location, options);
}

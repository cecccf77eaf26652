import type { ClientConfig, PoolConfig } from "pg";

/** The pool size when none is given (docs/campaign.md §10.1). */
export const DEFAULT_POOL_SIZE = 10;

/** How long a connection attempt may take before the call fails as unavailable. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The driver's settings for a libpq URL. The URL's own parameters (host, port, user, password,
 * database, `sslmode`, `application_name`…) come first; what it leaves out comes from the usual
 * `PG*` variables and `~/.pgpass`, which the driver reads itself.
 *
 * @param url - the `postgres://` or `postgresql://` URL
 * @returns settings shared by the pool and the listener
 */
export function clientConfig(url: string): ClientConfig {
  return {
    connectionString: url,
    // An acknowledged write must survive a crash of the server, whatever its configured
    // default (an `options` parameter in the URL takes precedence).
    options: "-c synchronous_commit=on",
    fallback_application_name: "tabletop-campaign",
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A connection that dies without a word (a vanished host) is found out by TCP keepalive.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/**
 * The pool's settings.
 *
 * @param url - the database URL
 * @param size - connections in the pool
 * @returns settings for `new pg.Pool`
 */
export function poolConfig(url: string, size: number): PoolConfig {
  // Pipelining: the statements a transaction issues together go out in one round trip.
  return { ...clientConfig(url), max: size, pipeline: true };
}

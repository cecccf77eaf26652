import type postgres from "postgres";

/** The pool size when none is given (scale.md §1). */
export const DEFAULT_POOL_SIZE = 10;

/** The SSL modes of libpq that the driver understands, by `sslmode` value. */
const SSL_MODES: Readonly<Record<string, "require" | "allow" | "prefer" | "verify-full" | false>> =
  {
    disable: false,
    allow: "allow",
    prefer: "prefer",
    require: "require",
    "verify-ca": "verify-full",
    "verify-full": "verify-full",
  };

/**
 * The driver's options for a libpq URL. The URL's own parameters (host, port, user, password,
 * database, `sslmode`, `application_name`…) come first; what it leaves out comes from the usual
 * `PG*` variables, which the driver reads itself (`PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`,
 * `PGDATABASE`, `PGAPPNAME`…), except `PGSSLMODE`, read here.
 *
 * @param url - the `postgres://` or `postgresql://` URL
 * @param environment - the process environment
 * @param settings - the pool size and the connections' application name
 * @returns options for `postgres(url, options)`
 */
export function connectionOptions(
  url: string,
  environment: Readonly<Record<string, string | undefined>>,
  settings: { pool: number; applicationName: string },
): postgres.Options<Record<string, postgres.PostgresType>> {
  const options: postgres.Options<Record<string, postgres.PostgresType>> = {
    max: settings.pool,
    // The driver prints notices to stdout by default, which belongs to the MCP protocol.
    onnotice: () => undefined,
    connect_timeout: 10,
    connection: { application_name: environment.PGAPPNAME ?? settings.applicationName },
  };
  const sslMode = environment.PGSSLMODE;
  if (!/[?&]sslmode=/.test(url) && sslMode !== undefined && sslMode in SSL_MODES) {
    options.ssl = SSL_MODES[sslMode];
  }
  return options;
}

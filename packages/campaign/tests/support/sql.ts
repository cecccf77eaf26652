import pg from "pg";

/**
 * Runs one statement on its own connection (administration in tests: databases, checks).
 *
 * @param url - the database URL
 * @param text - the statement
 * @param values - its parameters
 * @returns the rows
 */
export async function runSql<Row extends Record<string, unknown>>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on("error", () => undefined);
  try {
    await client.connect();
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

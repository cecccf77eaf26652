// Administration of test and bench databases in plain JavaScript, so that the benchmark (run by
// node without a compiler) shares it with the tests. Types: sql.d.mts.
import pg from "pg";

/**
 * Runs one statement on its own connection (creating databases, checks).
 *
 * @param {string} url - the database URL
 * @param {string} text - the statement
 * @param {unknown[]} [values] - its parameters
 * @returns {Promise<Record<string, unknown>[]>} the rows
 */
export async function runSql(url, text, values = []) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on("error", () => undefined);
  try {
    await client.connect();
    return (await client.query(text, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

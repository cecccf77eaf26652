/** Runs one statement on its own connection (creating databases, checks). */
export function runSql<Row extends Record<string, unknown> = Record<string, unknown>>(
  url: string,
  text: string,
  values?: unknown[],
): Promise<Row[]>;

import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import type { RandomTable } from "./engine/index.js";
import { parseRandomTable } from "./parse-table.js";

/** Why a tables directory could not be loaded: names the file and the problem, on one line. */
export class TableLoadError extends Error {
  override readonly name = "TableLoadError";
}

/**
 * Loads every `*.json` file of a directory as a random table, in file-name order. A table is
 * named by its `name` field, else by its file's base name.
 *
 * @param directory - the directory given as `--tables DIR`
 * @returns the tables by name
 * @throws TableLoadError when the directory cannot be read, a file is not valid JSON or not a
 *   valid table, or two files give the same name
 */
export async function loadTablesDirectory(directory: string): Promise<Map<string, RandomTable>> {
  let files: string[];
  try {
    files = (await readdir(directory)).filter((file) => file.endsWith(".json")).sort();
  } catch (error) {
    throw new TableLoadError(`cannot read directory ${directory}: ${reasonOf(error)}`);
  }
  const tables = new Map<string, RandomTable>();
  const sources = new Map<string, string>();
  for (const file of files) {
    const table = await loadTableFile(join(directory, file), file);
    const name = table.name ?? basename(file, ".json");
    const earlier = sources.get(name);
    if (earlier !== undefined) {
      throw new TableLoadError(
        `${file}: table name ${JSON.stringify(name)} is already used by ${earlier}`,
      );
    }
    sources.set(name, file);
    tables.set(name, table);
  }
  return tables;
}

async function loadTableFile(path: string, file: string): Promise<RandomTable> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, "utf8"));
  } catch (error) {
    throw new TableLoadError(`${file}: ${reasonOf(error)}`);
  }
  const parsed = parseRandomTable(json, "table", basename(file, ".json"));
  if (parsed.ok) return parsed.value;
  const problems = parsed.problems.map((problem) => `${problem.parameter}: ${problem.issue}`);
  throw new TableLoadError(`${file}: ${problems.join("; ")}`);
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").trim();
}

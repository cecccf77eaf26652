/** The version of every payload's shape (docs/world.md §3.2); bumped when a field changes. */
export const SCHEMA_VERSION = "1";

/** The field every payload starts with. */
export interface Versioned {
  readonly schema_version: typeof SCHEMA_VERSION;
}

/** The version of every payload's shape (seed 004, SF-6.6); bumped when a field changes. */
export const SCHEMA_VERSION = "1";

/** The field every payload starts with. */
export interface Versioned {
  readonly schema_version: typeof SCHEMA_VERSION;
}

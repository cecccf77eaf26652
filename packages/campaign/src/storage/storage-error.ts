/** Why a database could not be opened or used. */
export type StorageErrorCode = "OPEN_FAILED" | "SCHEMA_TOO_NEW";

/** A failure of the storage itself, as opposed to a refused operation. */
export class StorageError extends Error {
  override readonly name = "StorageError";

  /**
   * @param code - one of {@link StorageErrorCode}
   * @param message - the reason, printed after `cannot open database: `
   */
  constructor(
    readonly code: StorageErrorCode,
    message: string,
  ) {
    super(message);
  }
}

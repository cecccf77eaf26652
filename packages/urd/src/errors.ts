/** The closed set of reasons the package's API refuses a call. */
export type UrdErrorCode = "FILE_UNREADABLE" | "USAGE";

/**
 * Raised only for problems outside the world text itself: an entry file that
 * cannot be read, or a command line that cannot be understood. Problems in the
 * text are diagnostics, never exceptions.
 */
export class UrdError extends Error {
  readonly code: UrdErrorCode;

  constructor(code: UrdErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "UrdError";
    this.code = code;
  }
}

/** The closed set of reasons the world server refuses to start or reload. */
export type WorldErrorCode = "WORLD_FILE_UNREADABLE";

/** A problem outside the world text: its entry file cannot be read. */
export class WorldError extends Error {
  override readonly name = "WorldError";

  /**
   * @param code - why the world could not be loaded
   * @param message - one line naming the file and the reason
   */
  constructor(
    readonly code: WorldErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

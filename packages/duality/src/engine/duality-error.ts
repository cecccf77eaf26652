/**
 * Why an engine call was refused. The list is closed so callers can switch on it exhaustively.
 *
 * - `NOT_AN_INTEGER`: a numeric argument was not a whole number.
 * - `OUT_OF_RANGE`: a numeric argument lies outside its rule domain (a d12 showing 13).
 * - `CONFLICTING_PARAMETERS`: two arguments that exclude each other were both given.
 * - `INVALID_DIE_ROLL`: an injected die roller returned something that is not a face of the die.
 * - `INVALID_SEED`: a replay seed was empty or too long.
 */
export type DualityErrorCode =
  | "NOT_AN_INTEGER"
  | "OUT_OF_RANGE"
  | "CONFLICTING_PARAMETERS"
  | "INVALID_DIE_ROLL"
  | "INVALID_SEED";

/** The one error type the Duality engine throws. */
export class DualityError extends Error {
  override readonly name = "DualityError";
  readonly code: DualityErrorCode;
  /** The input parameter at fault, spelt as in the tool schemas, when there is one. */
  readonly parameter: string | undefined;

  /**
   * Creates an engine error.
   *
   * @param code - the closed reason code
   * @param message - a human-readable explanation
   * @param parameter - the offending input parameter, if any
   */
  constructor(code: DualityErrorCode, message: string, parameter?: string) {
    super(message);
    this.code = code;
    this.parameter = parameter;
  }
}

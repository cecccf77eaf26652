/**
 * Why the dice engine refused to do something. The list is closed so callers can switch on it.
 *
 * - `INVALID_PARAMETERS`: arguments broke a rule of docs/dice.md §2; `problems` lists every one.
 * - `INVALID_SEED`: a seed for the reproducible generator was empty or longer than 256 characters.
 */
export type DiceErrorCode = "INVALID_PARAMETERS" | "INVALID_SEED";

/** One problem with one parameter, in the `details` shape of docs/dice.md §2.3. */
export interface ParameterProblem {
  /** Path of the parameter, e.g. `dice_count`, `rolls[2].dice_sides` or `notation`. */
  parameter: string;
  /** What is wrong, in the wording of docs/dice.md §2.3. */
  issue: string;
  /** The accepted range as `A-B`, where the parameter has a numeric range. */
  valid_range?: string;
  /** For notation: the 1-based code-point position of the offending character or token. */
  position?: number;
}

/** The outcome of checking untrusted input: the typed value, or every problem found. */
export type Validation<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly problems: ParameterProblem[] };

/** The one error type the dice engine throws. */
export class DiceError extends Error {
  override readonly name = "DiceError";

  /**
   * Creates an engine error.
   *
   * @param code - the closed reason code
   * @param message - a human-readable explanation
   * @param problems - the parameter problems behind an `INVALID_PARAMETERS` error
   */
  constructor(
    readonly code: DiceErrorCode,
    message: string,
    readonly problems: readonly ParameterProblem[] = [],
  ) {
    super(message);
  }
}

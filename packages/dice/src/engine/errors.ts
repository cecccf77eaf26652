/**
 * Why the dice package refused to do something. The list is closed so callers can switch on it.
 * Invalid arguments are not thrown: the engine's `validate…` functions answer them as values.
 *
 * - `INVALID_SEED`: a seed for the reproducible generator was empty or longer than 256 characters.
 */
export type DiceErrorCode = "INVALID_SEED";

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

/** The outcome of checking arguments: the checked value, or every problem found. */
export type Validation<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly problems: ParameterProblem[] };

/** The dice package's error type: `createServer` throws it for a seed it cannot use. */
export class DiceError extends Error {
  override readonly name = "DiceError";

  /**
   * Creates an engine error.
   *
   * @param code - the closed reason code
   * @param message - a human-readable explanation
   */
  constructor(
    readonly code: DiceErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** One problem with one parameter of a tool call, in the contract's `details` shape. */
export interface ParameterProblem {
  /** Path of the parameter, e.g. `dice_count` or `rolls[2].dice_sides`. */
  parameter: string;
  /** What is wrong, in the contract's wording. */
  issue: string;
  /** The accepted range, where one exists, e.g. `1-1000`. */
  valid_range?: string;
}

/** The closed set of domain error codes a tool may answer with (contract, "Tool results"). */
export type ToolErrorCode =
  | "NOT_FOUND"
  | "INVALID_ARGUMENT"
  | "FAILED_PRECONDITION"
  | "ALREADY_EXISTS"
  | "PERMISSION_DENIED"
  | "RATE_LIMITED";

/**
 * A domain error a tool handler throws on purpose. The kit turns it into an `isError` result
 * with `{"error":{"code","message",...fields}}`; it is the client's mistake, so it is logged at
 * `warn`, never `error`.
 */
export class ToolError extends Error {
  override readonly name = "ToolError";

  /**
   * @param code - one of the contract's domain error codes
   * @param message - a sentence a model can act on
   * @param fields - extra code-specific fields placed beside `code` and `message`
   */
  constructor(
    readonly code: ToolErrorCode,
    message: string,
    readonly fields: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

/**
 * Invalid arguments found by a tool's own cross-field rules. Answered exactly like schema
 * failures: `Invalid parameters provided` with `details`.
 */
export class InvalidParametersError extends Error {
  override readonly name = "InvalidParametersError";

  /** @param problems - every problem of the request, reported together */
  constructor(readonly problems: readonly ParameterProblem[]) {
    super("Invalid parameters provided");
  }
}

/** The error object of an invalid-arguments result, as the contract spells it. */
export interface InvalidParametersBody {
  error: { message: "Invalid parameters provided"; details: ParameterProblem[] };
}

/**
 * The error object of a domain-error result. Besides the handlers' codes the kit answers
 * `INTERNAL` (a handler failed unexpectedly) and `RESOURCE_EXHAUSTED` (an answer over its
 * tool's size limit).
 */
export interface DomainErrorBody {
  error: {
    code: ToolErrorCode | "INTERNAL" | "RESOURCE_EXHAUSTED";
    message: string;
    [field: string]: unknown;
  };
}

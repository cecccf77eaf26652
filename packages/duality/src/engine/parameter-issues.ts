/**
 * A cross-field rule violation, worded as docs/duality.md §6 shows, ready to be reported in the
 * `details` of an `Invalid parameters provided` answer.
 */
export interface ParameterIssue {
  readonly parameter: string;
  readonly issue: string;
}

/** The known extra die of an action or reaction evaluation, as the tools receive it. */
export interface KnownExtraDie {
  readonly advantage_die?: number | undefined;
  readonly disadvantage_die?: number | undefined;
}

/** The damage thresholds of `duality_damage_resolve`, as the tool receives them. */
export interface DamageThresholds {
  readonly major_threshold: number;
  readonly severe_threshold: number;
}

/** Issue reported when both extra dice are given (docs/duality.md §2.1). */
export const MUTUALLY_EXCLUSIVE_DICE_ISSUE: ParameterIssue = {
  parameter: "disadvantage_die",
  issue: "advantage_die and disadvantage_die are mutually exclusive",
};

/** Issue reported when the severe threshold is below the major one (docs/duality.md §5.3). */
export const THRESHOLD_ORDER_ISSUE: ParameterIssue = {
  parameter: "severe_threshold",
  issue: "severe_threshold must be >= major_threshold",
};

/**
 * Checks that at most one of `advantage_die` and `disadvantage_die` is given.
 *
 * @param input - the tool input (other keys are ignored)
 * @returns the violations, empty when the input is consistent
 */
export function checkExtraDieExclusivity(input: KnownExtraDie): ParameterIssue[] {
  return input.advantage_die !== undefined && input.disadvantage_die !== undefined
    ? [MUTUALLY_EXCLUSIVE_DICE_ISSUE]
    : [];
}

/**
 * Checks that `severe_threshold` is not below `major_threshold`; says nothing while either is
 * unknown.
 *
 * @param input - the tool input (other keys are ignored)
 * @returns the violations, empty when the input is consistent
 */
export function checkThresholdOrder(input: Partial<DamageThresholds>): ParameterIssue[] {
  const { major_threshold: major, severe_threshold: severe } = input;
  return major !== undefined && severe !== undefined && severe < major
    ? [THRESHOLD_ORDER_ISSUE]
    : [];
}

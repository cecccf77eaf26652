/** Inclusive bounds of one integer parameter. */
export interface IntegerRange {
  readonly min: number;
  readonly max: number;
}

/**
 * The integer ranges every Duality tool accepts (docs/duality.md §2.1 and §5.3), so the tool layer
 * can build its input schemas from the same numbers the rules use.
 */
export const PARAMETER_RANGES = {
  hope: { min: 1, max: 12 },
  fear: { min: 1, max: 12 },
  modifier: { min: -100, max: 100 },
  difficulty: { min: 0, max: 100 },
  advantage: { min: 0, max: 10 },
  disadvantage: { min: 0, max: 10 },
  advantage_die: { min: 1, max: 6 },
  disadvantage_die: { min: 1, max: 6 },
  damage: { min: -1000, max: 10000 },
  major_threshold: { min: 0, max: 1000 },
  severe_threshold: { min: 0, max: 1000 },
} as const satisfies Record<string, IntegerRange>;

/** Bounds of a `request_id` string, in characters. */
export const REQUEST_ID_LENGTH = { min: 1, max: 128 } as const satisfies IntegerRange;

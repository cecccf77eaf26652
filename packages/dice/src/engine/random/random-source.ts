/** Which generator produced the dice, as reported in `metadata.rng` (dice.md §7). */
export type RngKind = "crypto" | "seeded";

/**
 * A source of uniformly distributed unsigned 32-bit integers. Every die, reroll and explosion
 * draws from one of these, in the consumption order of dice.md §7.
 */
export interface RandomSource {
  /** The generator family, echoed as `metadata.rng`. */
  readonly kind: RngKind;
  /** The next word, an integer in 0..2³²−1. */
  nextUint32(): number;
}

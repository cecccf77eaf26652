/** Which generator produced a roll, as servers report it (`metadata.rng`). */
export type RngKind = "crypto" | "seeded";

/**
 * A source of uniformly distributed unsigned 32-bit integers. Every die an engine rolls draws
 * its words from one of these, so a test can script the words and a replay can seed them.
 */
export interface RandomSource {
  /** The generator family. */
  readonly kind: RngKind;
  /** The next word, an integer in 0..2³²−1. */
  nextUint32(): number;
}

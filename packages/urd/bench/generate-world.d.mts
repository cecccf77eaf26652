/** Sizes and seed of a generated benchmark world. */
export interface WorldSize {
  locations?: number;
  entities?: number;
  sections?: number;
  seed?: number;
}

/** Builds the text of a valid, deterministic Urd world of the given size. */
export function generateWorld(size?: WorldSize): string;

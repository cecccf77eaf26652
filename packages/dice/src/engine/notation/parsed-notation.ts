import type { SelectionParameter } from "../roll-dice-params.js";

/** A value read from notation with the 1-based position of the token that supplied it. */
export interface Located<T> {
  readonly value: T;
  readonly position: number;
}

/** One reroll modifier: the faces it names (before clamping to the die) and where it stood. */
export interface RerollToken {
  readonly faces: readonly number[];
  readonly position: number;
}

/** The syntax of one notation string, before it is checked as `roll_dice` arguments. */
export interface ParsedNotation {
  count?: Located<number>;
  sides: Located<number>;
  selection?: Located<{ kind: SelectionParameter; count: number }>;
  exploding?: Located<true>;
  rerolls: RerollToken[];
  minimum?: Located<number>;
  target?: Located<number>;
  adjustments: Located<number>[];
}

/** A syntax error: where it is and what was expected there. */
export interface NotationSyntaxError {
  readonly position: number;
  readonly issue: string;
}

/**
 * The arguments of `roll_dice` (docs/dice.md §2), spelt as on the wire. Optional fields are absent
 * rather than defaulted, so the same object can be echoed or rendered as notation.
 */
export interface RollDiceParams {
  dice_count: number;
  dice_sides: number;
  modifier?: number;
  keep_highest?: number;
  keep_lowest?: number;
  drop_highest?: number;
  drop_lowest?: number;
  reroll?: readonly number[];
  exploding?: boolean;
  target_number?: number;
  min_value?: number;
  label?: string;
}

declare const validated: unique symbol;

/**
 * `roll_dice` arguments that passed every rule of docs/dice.md §2. Only the validators produce it,
 * so the rolling functions can trust their input without re-checking it on the hot path.
 */
export type ValidRollDiceParams = Readonly<RollDiceParams> & { readonly [validated]: true };

/** The parameters of `roll_dice`, in the order of the parameter table (and of error reports). */
export const ROLL_DICE_PARAMETER_NAMES = [
  "dice_count",
  "dice_sides",
  "modifier",
  "keep_highest",
  "keep_lowest",
  "drop_highest",
  "drop_lowest",
  "reroll",
  "exploding",
  "target_number",
  "min_value",
  "label",
] as const;

/** The four mutually exclusive selections, in precedence order. */
export const SELECTION_PARAMETER_NAMES = [
  "keep_highest",
  "keep_lowest",
  "drop_highest",
  "drop_lowest",
] as const;

/** One of the keep/drop parameters. */
export type SelectionParameter = (typeof SELECTION_PARAMETER_NAMES)[number];

/** Bounds of docs/dice.md §2 and §3. */
export const LIMITS = {
  maxDiceCount: 1000,
  maxDiceSides: 100,
  maxModifier: 10000,
  maxRerollEntries: 100,
  maxLabelLength: 100,
  explosionCap: 100,
} as const;

/** The selection a validated roll uses, if any. */
export function selectionOf(
  params: Readonly<RollDiceParams>,
): { kind: SelectionParameter; count: number } | undefined {
  for (const kind of SELECTION_PARAMETER_NAMES) {
    const count = params[kind];
    if (count !== undefined) return { kind, count };
  }
  return undefined;
}

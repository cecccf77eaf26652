import fc from "fast-check";
import {
  type RollDiceParams,
  SELECTION_PARAMETER_NAMES,
} from "../../../src/engine/roll-dice-params.js";

/** Valid, canonical `roll_dice` arguments: every option either absent or meaningful. */
export function rollDiceParamsArbitrary(
  maxCount = 40,
  maxSides = 20,
): fc.Arbitrary<RollDiceParams> {
  return fc
    .record({
      count: fc.integer({ min: 1, max: maxCount }),
      sides: fc.integer({ min: 1, max: maxSides }),
    })
    .chain(({ count, sides }) =>
      fc
        .record({
          modifier: fc.option(
            fc.integer({ min: -50, max: 50 }).filter((m) => m !== 0),
            { nil: undefined },
          ),
          selection: fc.option(
            fc.tuple(
              fc.constantFrom(...SELECTION_PARAMETER_NAMES),
              fc.integer({ min: 1, max: count }),
            ),
            { nil: undefined },
          ),
          reroll: fc.option(
            fc.uniqueArray(fc.integer({ min: 1, max: sides }), { minLength: 1, maxLength: 3 }),
            {
              nil: undefined,
            },
          ),
          exploding: fc.option(fc.constant(true), { nil: undefined }),
          target: fc.option(fc.integer({ min: 1, max: sides }), { nil: undefined }),
          minimum: fc.option(fc.integer({ min: 1, max: sides }), { nil: undefined }),
        })
        .map((options): RollDiceParams => {
          const params: RollDiceParams = { dice_count: count, dice_sides: sides };
          if (options.modifier !== undefined) params.modifier = options.modifier;
          const selection = options.selection;
          if (selection !== undefined) {
            const [kind, amount] = selection;
            const isDrop = kind.startsWith("drop");
            if (!isDrop || amount < count) params[kind] = amount;
          }
          if (options.reroll !== undefined && options.reroll.length < sides) {
            params.reroll = [...options.reroll].sort((a, b) => a - b);
          }
          if (options.exploding !== undefined && sides > 1) params.exploding = true;
          if (options.minimum !== undefined) params.min_value = options.minimum;
          if (options.target !== undefined) params.target_number = options.target;
          return params;
        }),
    );
}

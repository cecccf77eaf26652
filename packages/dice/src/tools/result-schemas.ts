import * as z from "zod";

/** Arguments echoed back exactly as received. */
const echoedArguments = z.unknown().describe("The arguments as received, no defaults added.");

const timestamp = z.string().describe("When the call finished, ISO 8601 UTC with milliseconds.");
const rng = z
  .enum(["crypto", "seeded"])
  .describe("Which generator produced the dice: crypto by default, seeded under --seed.");

/** One die of a roll (docs/dice.md §4). */
const dieSchema = z.object({
  die: z.int().describe("1-based position in roll order."),
  sides: z.int(),
  rolls: z
    .array(z.int())
    .describe(
      "Every face rolled for this die: a discarded first face when rerolled, then the chain.",
    ),
  value: z.int().describe("The die's final value: its chain's sum, raised to min_value."),
  kept: z.boolean().describe("Whether the die counts toward the total."),
  special: z
    .string()
    .nullable()
    .describe("null or comma-joined: rerolled, exploded, capped, min_applied, success."),
});

/** The `result` fields of `roll_dice`, in the order of docs/dice.md §4. */
const rollResultFields = {
  total: z.int().describe("Sum of kept values plus modifier, or successes plus modifier."),
  successes: z.int().optional().describe("Kept dice at or above target_number; only with it."),
  total_dice: z.int().optional().describe("Dice rolled; only with target_number."),
  dice: z.array(dieSchema),
  operation: z.string().describe("The roll in canonical notation, e.g. 4d6kh3."),
  description: z.string().describe("What was asked, in words."),
  label: z.string().optional(),
};

/** Output of `roll_dice`. */
export const rollDiceOutput = z.object({
  result: z.object(rollResultFields),
  metadata: z.object({ parameters: echoedArguments, timestamp, rng }),
});

/** Output of `roll_multiple` (docs/dice.md §5). */
export const rollMultipleOutput = z.object({
  results: z.array(
    z.object({
      ...rollResultFields,
      set: z.int().describe("Which repetition, 1..count."),
      index: z.int().describe("0-based position of the configuration in rolls."),
    }),
  ),
  metadata: z.object({ parameters: echoedArguments, timestamp, rng }),
});

/** Output of `roll` (docs/dice.md §6). */
export const rollOutput = z.object({
  result: z.object({
    ...rollResultFields,
    notation: z.string().describe("The notation as sent, trimmed."),
  }),
  metadata: z.object({
    parameters: echoedArguments,
    interpreted_as: z.unknown().describe("The roll_dice arguments the notation mapped to."),
    timestamp,
    rng,
  }),
});

const probabilityRow = z.object({ value: z.int(), p: z.number() });

/** Output of `dice_probability` (docs/dice.md §9). */
export const diceProbabilityOutput = z.object({
  result: z.object({
    operation: z.string(),
    min: z.int().describe("Smallest possible total."),
    max: z.int().describe("Largest possible total."),
    mean: z.number(),
    stddev: z.number().describe("Population standard deviation of the total."),
    distribution: z
      .array(z.object({ value: z.int(), p: z.number(), p_at_least: z.number() }))
      .optional()
      .describe("Every total from min to max; only when there are at most 201."),
    percentiles: z.object({
      p5: z.int(),
      p25: z.int(),
      p50: z.int(),
      p75: z.int(),
      p95: z.int(),
    }),
    at_least: z.array(probabilityRow).optional().describe("P(total >= value), as asked."),
    successes: z
      .object({
        distribution: z.array(z.object({ count: z.int(), p: z.number() })),
        mean: z.number(),
        stddev: z.number(),
      })
      .optional()
      .describe("The success count's distribution; only with target_number."),
  }),
  metadata: z.object({
    parameters: echoedArguments,
    method: z.literal("exact"),
    explosion_cap: z.int(),
    work: z.int().describe("Cell updates the computation took."),
    timestamp,
  }),
});

/** Output of `roll_table`. */
export const rollTableOutput = z.object({
  result: z.object({
    table: z.string().optional().describe("The table's name, when it has one."),
    die: z.string().describe("The table's die, e.g. d20."),
    draws: z.array(
      z.object({
        draw: z.int(),
        die: z.string().describe("The die rolled for this draw; smaller once entries are used up."),
        roll: z.int(),
        entry: z.string().describe("The text of the entry drawn."),
        entry_index: z.int().describe("0-based position of the entry in the table."),
        range: z.string().describe("The entry's range on the table's die, e.g. 1-3."),
      }),
    ),
    label: z.string().optional(),
  }),
  metadata: z.object({ parameters: echoedArguments, timestamp, rng }),
});

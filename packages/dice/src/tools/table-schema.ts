import { displayName, displayText } from "@tabletop-mcp/kit";
import * as z from "zod";
import { TABLE_LIMITS } from "../engine/index.js";

const text = displayText(z.string().min(1).max(TABLE_LIMITS.maxTextLength));

const entrySchema = z.union(
  [
    text,
    z.strictObject({
      text,
      weight: z.int().min(1).max(TABLE_LIMITS.maxWeight).optional(),
      range: z.union([z.string(), z.int()]).optional(),
    }),
  ],
  { error: 'Expected an entry: a string, {"text","weight"} or {"text","range"}' },
);

/**
 * The shape of a random table, inline in `roll_table` or in a file of `--tables DIR`
 * (docs/dice.md §10). How its entries lie on the die is the engine's `layOutTable`.
 */
export const tableSchema = z
  .strictObject({
    name: displayName(z.string().min(1).max(TABLE_LIMITS.maxNameLength)).optional(),
    description: text.optional(),
    die: z
      .union([z.string(), z.int()], { error: 'Expected a die such as "d8" or a number of sides' })
      .optional()
      .describe(
        'The die that selects an entry, e.g. "d20"; defaults to the highest range or the total weight.',
      ),
    entries: z
      .array(entrySchema)
      .min(1)
      .max(TABLE_LIMITS.maxEntries)
      .describe(
        `1-${TABLE_LIMITS.maxEntries} entries: strings (weight 1), {"text","weight"} objects, or {"text","range"} objects with die ranges such as "1-3" that cover the die without gaps or overlaps.`,
      ),
  })
  .describe("A table given inline.");

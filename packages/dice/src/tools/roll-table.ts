import { type CrossFieldRule, defineTool, displayName, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import {
  checkUniqueCount,
  chooseTable,
  LIMITS,
  type RandomTable,
  respondToRollTable,
  TABLE_LIMITS,
} from "../engine/index.js";
import {
  type DiceToolDependencies,
  INTERNAL_ERROR_MESSAGE,
  ROLLING_HINTS,
  valueOrInvalid,
} from "./dependencies.js";
import { rollTableOutput } from "./result-schemas.js";
import { tableSchema } from "./table-schema.js";

const input = z.strictObject({
  table: tableSchema.optional(),
  name: z
    .string()
    .min(1)
    .max(TABLE_LIMITS.maxNameLength)
    .optional()
    .describe("The name of a table loaded by the server (--tables DIR); instead of table."),
  count: z
    .int()
    .min(1)
    .max(TABLE_LIMITS.maxCount)
    .optional()
    .describe("Number of draws, 1-100. Default 1."),
  unique: z
    .boolean()
    .optional()
    .describe("true: no entry is drawn twice. Default false (repeats allowed)."),
  label: displayName(z.string().min(1).max(LIMITS.maxLabelLength))
    .optional()
    .describe("Optional name echoed as result.label (1-100 characters)."),
});

/**
 * `roll_table` (docs/dice.md §10): draws from a random table given inline or by the name of a table
 * loaded from `--tables DIR`.
 *
 * @param dependencies - the instance's dice, clock and named tables
 * @returns the tool
 */
export function createRollTableTool(dependencies: DiceToolDependencies): Tool {
  const names = [...dependencies.tables.keys()].sort();
  const loaded =
    names.length === 0
      ? "No named tables are loaded on this server; give the table inline."
      : `Named tables on this server: ${names.join(", ")}.`;
  return defineTool({
    name: "roll_table",
    title: "Draw from a random table",
    description: `Draws from a random table: random encounters, loot, weather, rumours, names. Give the table inline ({"table":{"die":"d6","entries":[{"text":"Goblins","range":"1-3"},{"text":"Wolves","range":"4-5"},{"text":"A dragon","range":"6"}]}}, or entries as plain strings or {"text","weight"} for weighted tables) or by name ({"name":"..."}). ${loaded} count draws 1-100; unique: true draws without repeats. Read result.draws[]: each names the die rolled, the roll, the entry's text, its index and range. A table whose ranges overlap or leave gaps is refused with the entries named.`,
    input,
    output: rollTableOutput,
    annotations: ROLLING_HINTS,
    scope: "tabletop:play",
    internalErrorMessage: INTERNAL_ERROR_MESSAGE,
    crossFieldRules: rollTableRules(dependencies.tables),
    handler: (args, context) =>
      valueOrInvalid(
        respondToRollTable(
          args,
          dependencies.tables,
          dependencies.random,
          dependencies.now().toISOString(),
          context.rawArguments,
        ),
      ),
  });
}

/** Which table a call means, and whether it has enough entries for unique draws. */
function rollTableRules(
  tables: ReadonlyMap<string, RandomTable>,
): CrossFieldRule<z.output<typeof input>>[] {
  const tableProblems = (args: Partial<z.output<typeof input>>) => {
    const chosen = chooseTable(args, tables);
    return chosen.ok ? [] : chosen.problems;
  };
  return [
    { reads: ["table", "name"], check: tableProblems },
    {
      reads: ["table", "name", "count", "unique"],
      check: (args) => checkUniqueCount(args, tables),
    },
  ];
}

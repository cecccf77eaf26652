import type { RandomSource, RngKind } from "@tabletop-mcp/kit/random";
import type { ParameterProblem, Validation } from "../errors.js";
import { checkInteger, type Finding, findingsToProblems } from "../rules/violation.js";
import { drawFromTable, type TableDraw } from "./draw-table.js";
import { layOutTable, type TableSpec } from "./lay-out-table.js";
import { type RandomTable, TABLE_LIMITS } from "./random-table.js";

/** `roll_table` arguments of the right types: an inline `table` or the `name` of a loaded one. */
export interface RollTableArguments {
  readonly table?: TableSpec | undefined;
  readonly name?: string | undefined;
  readonly count?: number | undefined;
  readonly unique?: boolean | undefined;
  readonly label?: string | undefined;
}

/** Checked `roll_table` arguments. */
export interface RollTableParams {
  readonly table: RandomTable;
  readonly count: number;
  readonly unique: boolean;
  readonly label?: string;
}

/** The `result` of `roll_table`. */
export interface RollTableResult {
  table?: string;
  die: string;
  draws: TableDraw[];
  label?: string;
}

/** The full success answer of `roll_table`. */
export interface RollTableResponse {
  result: RollTableResult;
  metadata: { parameters: unknown; timestamp: string; rng: RngKind };
}

/**
 * Checks `roll_table` arguments (docs/dice.md §10): exactly one of an inline `table` or the
 * `name` of a loaded table, `count` 1-100 (default 1), `unique` (default false: repeats allowed).
 * Drawing more unique entries than the table has is reported on `count`.
 *
 * @param args - the arguments, of the right types
 * @param tables - the named tables available (loaded from `--tables DIR` by the server)
 * @returns the draws to make, or every problem
 */
export function validateRollTable(
  args: RollTableArguments,
  tables: ReadonlyMap<string, RandomTable>,
): Validation<RollTableParams> {
  const chosen = chooseTable(args, tables);
  const count = args.count ?? 1;
  const findings: Finding[] = [];
  checkInteger(count, "count", { min: 1, max: TABLE_LIMITS.maxCount }, findings);
  const problems = [
    ...(chosen.ok ? [] : chosen.problems),
    ...findingsToProblems(findings),
    ...checkUniqueCount(args, tables),
  ];
  if (!chosen.ok || problems.length > 0) return { ok: false, problems };
  const { label } = args;
  const unique = args.unique ?? false;
  const table = chosen.value;
  return {
    ok: true,
    value: label === undefined ? { table, count, unique } : { table, count, unique, label },
  };
}

/**
 * The table a call draws from: the inline one laid out on its die, or the loaded one of that
 * name; giving both, or neither, is a problem.
 *
 * @param args - the `table` and `name` arguments
 * @param tables - the named tables available
 * @returns the table, or the problems
 */
export function chooseTable(
  args: Pick<RollTableArguments, "table" | "name">,
  tables: ReadonlyMap<string, RandomTable>,
): Validation<RandomTable> {
  const { table, name } = args;
  if (table !== undefined && name !== undefined) {
    const issue = "Cannot be combined with table; give an inline table or a name, not both";
    return { ok: false, problems: [{ parameter: "name", issue }] };
  }
  if (table !== undefined) return layOutTable(table, "table");
  if (name === undefined) {
    const issue = "Missing required parameter; give an inline table or the name of a loaded table";
    return { ok: false, problems: [{ parameter: "table", issue }] };
  }
  const loaded = tables.get(name);
  if (loaded !== undefined) return { ok: true, value: loaded };
  const known = [...tables.keys()].sort();
  const available =
    known.length === 0 ? "no tables are loaded" : `available tables are ${known.join(", ")}`;
  const issue = `No table named ${JSON.stringify(name)}; ${available}`;
  return { ok: false, problems: [{ parameter: "name", issue }] };
}

/**
 * Unique draws need as many entries as draws: the problem, on `count`, when the chosen table
 * has fewer. Says nothing when the table itself cannot be chosen.
 *
 * @param args - the `table`, `name`, `count` and `unique` arguments
 * @param tables - the named tables available
 * @returns the problem, if any
 */
export function checkUniqueCount(
  args: RollTableArguments,
  tables: ReadonlyMap<string, RandomTable>,
): ParameterProblem[] {
  const count = args.count ?? 1;
  if (args.unique !== true || count <= 1) return [];
  const chosen = chooseTable(args, tables);
  if (!chosen.ok) return [];
  const entries = chosen.value.entries.length;
  if (count <= entries) return [];
  const issue = `Cannot draw ${count} different entries from a table of ${entries}`;
  return [{ parameter: "count", issue, valid_range: `1-${entries}` }];
}

/**
 * The whole of `roll_table` short of transport: checks, draws, and adds metadata.
 *
 * @param args - the arguments, of the right types
 * @param tables - the named tables available
 * @param random - the source of the rolls
 * @param timestamp - the time to report
 * @param received - the arguments as the client sent them, echoed in `metadata.parameters`
 */
export function respondToRollTable(
  args: RollTableArguments,
  tables: ReadonlyMap<string, RandomTable>,
  random: RandomSource,
  timestamp: string,
  received: unknown = args,
): Validation<RollTableResponse> {
  const validation = validateRollTable(args, tables);
  if (!validation.ok) return validation;
  const { table, count, unique, label } = validation.value;
  const result: RollTableResult = {
    ...(table.name === undefined ? {} : { table: table.name }),
    die: `d${table.sides}`,
    draws: drawFromTable(table, { count, unique }, random),
  };
  if (label !== undefined) result.label = label;
  return {
    ok: true,
    value: { result, metadata: { parameters: received, timestamp, rng: random.kind } },
  };
}

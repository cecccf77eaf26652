import type { RandomSource, RngKind } from "@tabletop-mcp/kit/random";
import type { Validation } from "../errors.js";
import { LIMITS } from "../roll-dice-params.js";
import {
  checkBoolean,
  checkInteger,
  checkText,
  checkUnknownKeys,
  isJsonObject,
  readPresent,
} from "../validation/read-fields.js";
import { type Finding, findingsToProblems, jsonTypeOf } from "../validation/violation.js";
import { drawFromTable, type TableDraw } from "./draw-table.js";
import { parseRandomTable } from "./parse-table.js";
import { type RandomTable, TABLE_LIMITS } from "./random-table.js";

/** Validated `roll_table` arguments. */
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

const PARAMETERS = ["table", "name", "count", "unique", "label"];

/**
 * Validates untrusted `roll_table` arguments: exactly one of an inline `table` or the `name` of
 * a loaded table, `count` 1-100 (default 1), `unique` (default false: repeats allowed) and
 * `label`. Drawing more unique entries than the table has is reported on `count`.
 *
 * @param input - the arguments as received
 * @param tables - the named tables available (loaded from `--tables DIR` by the server)
 */
export function validateRollTableArguments(
  input: unknown,
  tables: ReadonlyMap<string, RandomTable>,
): Validation<RollTableParams> {
  if (!isJsonObject(input)) {
    return {
      ok: false,
      problems: [
        { parameter: "arguments", issue: `Expected an object, received ${jsonTypeOf(input)}` },
      ],
    };
  }
  const findings: Finding[] = [];
  const inline = readPresent(input, "table");
  const name = readPresent(input, "name");
  const rawCount = readPresent(input, "count");
  const count =
    rawCount === undefined
      ? 1
      : checkInteger(rawCount, "count", { min: 1, max: TABLE_LIMITS.maxCount }, findings);
  const rawUnique = readPresent(input, "unique");
  const unique = rawUnique === undefined ? false : checkBoolean(rawUnique, "unique", findings);
  const rawLabel = readPresent(input, "label");
  const label =
    rawLabel === undefined
      ? undefined
      : checkText(rawLabel, "label", LIMITS.maxLabelLength, findings);
  checkUnknownKeys(input, PARAMETERS, "", findings);
  const chosen = chooseTable(inline, name, tables);
  const problems = [...(chosen.ok ? [] : chosen.problems), ...findingsToProblems(findings)];
  if (!chosen.ok || problems.length > 0 || count === undefined || unique === undefined)
    return { ok: false, problems };
  const table = chosen.value;
  if (unique && count > table.entries.length) {
    return {
      ok: false,
      problems: [
        {
          parameter: "count",
          issue: `Cannot draw ${count} different entries from a table of ${table.entries.length}`,
          valid_range: `1-${table.entries.length}`,
        },
      ],
    };
  }
  return {
    ok: true,
    value: label === undefined ? { table, count, unique } : { table, count, unique, label },
  };
}

/**
 * The whole of `roll_table` short of transport: validates, draws, and adds metadata.
 *
 * @param input - the raw tool arguments, echoed in `metadata.parameters`
 * @param tables - the named tables available
 * @param random - the source of the rolls
 * @param timestamp - the time to report
 */
export function respondToRollTable(
  input: unknown,
  tables: ReadonlyMap<string, RandomTable>,
  random: RandomSource,
  timestamp: string,
): Validation<RollTableResponse> {
  const validation = validateRollTableArguments(input, tables);
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
    value: { result, metadata: { parameters: input, timestamp, rng: random.kind } },
  };
}

function chooseTable(
  inline: unknown,
  name: unknown,
  tables: ReadonlyMap<string, RandomTable>,
): Validation<RandomTable> {
  if (inline !== undefined && name !== undefined) {
    return {
      ok: false,
      problems: [
        {
          parameter: "name",
          issue: "Cannot be combined with table; give an inline table or a name, not both",
        },
      ],
    };
  }
  if (inline !== undefined) return parseRandomTable(inline, "table");
  if (name === undefined) {
    return {
      ok: false,
      problems: [
        {
          parameter: "table",
          issue: "Missing required parameter; give an inline table or the name of a loaded table",
        },
      ],
    };
  }
  if (typeof name !== "string") {
    return {
      ok: false,
      problems: [{ parameter: "name", issue: `Expected a string, received ${jsonTypeOf(name)}` }],
    };
  }
  const table = tables.get(name);
  if (table !== undefined) return { ok: true, value: table };
  const known = [...tables.keys()].sort();
  const available =
    known.length === 0 ? "no tables are loaded" : `available tables are ${known.join(", ")}`;
  return {
    ok: false,
    problems: [
      { parameter: "name", issue: `No table named ${JSON.stringify(name)}; ${available}` },
    ],
  };
}

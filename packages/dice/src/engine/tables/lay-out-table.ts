import type { ParameterProblem, Validation } from "../errors.js";
import { checkInteger, type Finding, findingsToProblems } from "../rules/violation.js";
import {
  describeEntry,
  type RandomTable,
  rangeLabel,
  TABLE_LIMITS,
  type TableEntry,
} from "./random-table.js";

/** One entry as written: a string (weight 1), or a text with a weight or a die range. */
export type TableEntrySpec =
  | string
  | {
      readonly text: string;
      readonly weight?: number | undefined;
      readonly range?: string | number | undefined;
    };

/** A random table as written by a person, inline in a call or in a JSON file. */
export interface TableSpec {
  readonly name?: string | undefined;
  readonly description?: string | undefined;
  /** The die that selects an entry: `"d8"`, `"1d8"` or a number of sides. */
  readonly die?: string | number | undefined;
  readonly entries: readonly TableEntrySpec[];
}

interface RawEntry {
  readonly index: number;
  readonly text: string;
  readonly weight?: number;
  readonly range?: { low: number; high: number };
}

/**
 * Lays a written table out on its die (docs/dice.md §10): weighted entries (strings weigh 1)
 * take consecutive faces, ranged entries must tile 1..die without overlaps or gaps, and every
 * problem names the entries involved. The shape of the table (types, lengths, unknown keys) is
 * the caller's to check; the tool and the table loader parse it with one schema.
 *
 * @param spec - the table as written
 * @param path - the parameter path used in problems, e.g. `table`
 * @param defaultName - the name to use when the table has none (a file's base name)
 * @returns the table, or every problem
 */
export function layOutTable(
  spec: TableSpec,
  path = "table",
  defaultName?: string,
): Validation<RandomTable> {
  const findings: Finding[] = [];
  const die = spec.die === undefined ? undefined : readDie(spec.die, `${path}.die`, findings);
  const entries = readEntries(spec.entries, `${path}.entries`, findings);
  const problems = findingsToProblems(findings);
  if (problems.length > 0 || entries === undefined) return { ok: false, problems };
  const layout = entries.every((entry) => entry.range === undefined)
    ? layOutWeights(entries, die, path)
    : layOutRanges(entries, die, path);
  if (!layout.ok) return layout;
  const name = spec.name ?? defaultName;
  return { ok: true, value: name === undefined ? layout.value : { name, ...layout.value } };
}

function readDie(
  value: string | number,
  parameter: string,
  findings: Finding[],
): number | undefined {
  const text = typeof value === "string" ? /^1?d(\d{1,7})$/i.exec(value.trim())?.[1] : undefined;
  const sides = typeof value === "number" ? value : text === undefined ? Number.NaN : Number(text);
  if (Number.isNaN(sides)) {
    const issue = 'Expected a die such as "d8" or a number of sides';
    findings.push({ parameter, violation: { kind: "rule", issue } });
    return undefined;
  }
  const bounds = { min: 1, max: TABLE_LIMITS.maxSides };
  return checkInteger(sides, parameter, bounds, findings) ? sides : undefined;
}

function readEntries(
  entries: readonly TableEntrySpec[],
  path: string,
  findings: Finding[],
): RawEntry[] | undefined {
  if (entries.length === 0) {
    findings.push({
      parameter: path,
      violation: { kind: "rule", issue: "A table needs at least one entry" },
    });
    return undefined;
  }
  const before = findings.length;
  const read = entries.map((entry, index) =>
    readEntry(entry, index, `${path}[${index}]`, findings),
  );
  const firstRanged = read.findIndex((entry) => entry?.range !== undefined);
  const firstWeighted = read.findIndex((entry) => entry !== undefined && entry.range === undefined);
  if (firstRanged >= 0 && firstWeighted >= 0) {
    findings.push({
      parameter: `${path}[${Math.max(firstRanged, firstWeighted)}]`,
      violation: {
        kind: "rule",
        issue: `Mixes ranges and weights: entries[${firstRanged}] has a range, entries[${firstWeighted}] has none; give every entry a range, or none`,
      },
    });
  }
  return findings.length > before ? undefined : (read as RawEntry[]);
}

function readEntry(
  entry: TableEntrySpec,
  index: number,
  path: string,
  findings: Finding[],
): RawEntry | undefined {
  if (typeof entry === "string") return { index, text: entry };
  const { text, weight, range } = entry;
  if (weight !== undefined && range !== undefined) {
    const issue = "Give a weight or a range, not both";
    findings.push({ parameter: `${path}.weight`, violation: { kind: "rule", issue } });
    return undefined;
  }
  if (range !== undefined) {
    const read = readRange(range, `${path}.range`, findings);
    return read === undefined ? undefined : { index, text, range: read };
  }
  if (weight === undefined) return { index, text };
  const bounds = { min: 1, max: TABLE_LIMITS.maxWeight };
  return checkInteger(weight, `${path}.weight`, bounds, findings)
    ? { index, text, weight }
    : undefined;
}

function readRange(
  value: string | number,
  parameter: string,
  findings: Finding[],
): { low: number; high: number } | undefined {
  if (typeof value === "number" && Number.isInteger(value) && value >= 1)
    return { low: value, high: value };
  const match =
    typeof value === "string" ? /^\s*(\d{1,7})\s*(?:[-–]\s*(\d{1,7})\s*)?$/.exec(value) : null;
  const low = Number(match?.[1]);
  const high = match?.[2] === undefined ? low : Number(match[2]);
  if (match === null || low < 1 || high < low) {
    findings.push({
      parameter,
      violation: {
        kind: "rule",
        issue: `Expected a die range such as "1-3" or "4", received ${JSON.stringify(value)}`,
      },
    });
    return undefined;
  }
  return { low, high };
}

function layOutWeights(
  entries: readonly RawEntry[],
  die: number | undefined,
  path: string,
): Validation<RandomTable> {
  const laidOut: TableEntry[] = [];
  let total = 0;
  for (const entry of entries) {
    const weight = entry.weight ?? 1;
    laidOut.push({ text: entry.text, low: total + 1, high: total + weight });
    total += weight;
  }
  if (total > TABLE_LIMITS.maxSides) {
    return fail({
      parameter: `${path}.entries`,
      issue: `Total weight ${total} exceeds maximum allowed (${TABLE_LIMITS.maxSides})`,
    });
  }
  if (die !== undefined && die !== total) {
    return fail({
      parameter: `${path}.die`,
      issue: `A d${die} does not match the total weight ${total}; omit die or make them equal`,
    });
  }
  return { ok: true, value: { sides: total, entries: laidOut } };
}

function layOutRanges(
  entries: readonly RawEntry[],
  die: number | undefined,
  path: string,
): Validation<RandomTable> {
  const ranged = entries.map((entry) => ({
    ...entry,
    low: entry.range?.low ?? 0,
    high: entry.range?.high ?? 0,
  }));
  const sorted = [...ranged].sort((a, b) => a.low - b.low || a.index - b.index);
  const problems: ParameterProblem[] = [];
  const name = (entry: (typeof sorted)[number]) =>
    describeEntry(entry.index, entry.text, entry.low, entry.high);
  let covered = 0;
  let previous: (typeof sorted)[number] | undefined;
  for (const entry of sorted) {
    if (previous !== undefined && entry.low <= covered) {
      problems.push({
        parameter: `${path}.entries[${entry.index}].range`,
        issue: `Range ${rangeLabel(entry.low, entry.high)} of ${name(entry)} overlaps ${name(previous)}`,
      });
    } else if (entry.low > covered + 1) {
      const between =
        previous === undefined
          ? `before ${name(entry)}`
          : `between ${name(previous)} and ${name(entry)}`;
      problems.push({
        parameter: `${path}.entries`,
        issue: `${uncovered(covered + 1, entry.low - 1, "")}: a gap ${between}`,
      });
    }
    if (entry.high > covered) {
      covered = entry.high;
      previous = entry;
    }
  }
  const sides = die ?? covered;
  if (covered < sides && previous !== undefined) {
    problems.push({
      parameter: `${path}.entries`,
      issue: `${uncovered(covered + 1, sides, ` of the d${sides}`)}: a gap after ${name(previous)}`,
    });
  }
  if (covered > sides) {
    problems.push({
      parameter: `${path}.die`,
      issue: `Ranges reach ${covered}, beyond the d${sides}`,
    });
  }
  if (sides > TABLE_LIMITS.maxSides) {
    problems.push({
      parameter: `${path}.entries`,
      issue: `Ranges reach ${sides}, beyond the maximum die (d${TABLE_LIMITS.maxSides})`,
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: { sides, entries: ranged.map(({ text, low, high }) => ({ text, low, high })) },
  };
}

function uncovered(low: number, high: number, die: string): string {
  return low === high
    ? `Value ${low}${die} is not covered`
    : `Values ${rangeLabel(low, high)}${die} are not covered`;
}

function fail(problem: ParameterProblem): Validation<RandomTable> {
  return { ok: false, problems: [problem] };
}

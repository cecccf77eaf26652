import type { ParameterProblem, Validation } from "../errors.js";
import {
  checkInteger,
  checkText,
  checkUnknownKeys,
  isJsonObject,
  readPresent,
} from "../validation/read-fields.js";
import { type Finding, findingsToProblems, jsonTypeOf } from "../validation/violation.js";
import {
  describeEntry,
  type RandomTable,
  rangeLabel,
  TABLE_LIMITS,
  type TableEntry,
} from "./random-table.js";

interface RawEntry {
  readonly index: number;
  readonly text: string;
  readonly weight?: number;
  readonly range?: { low: number; high: number };
}

const TABLE_KEYS = ["name", "description", "die", "entries"];
const ENTRY_KEYS = ["text", "weight", "range"];

/**
 * Turns a table given inline or parsed from a JSON file into a {@link RandomTable}, or every
 * problem. Entries are strings (weight 1), `{text, weight}` objects, or `{text, range}` objects
 * with die ranges such as `"1-3"`; ranges must tile 1..die without overlaps or gaps, and the
 * problems name the entries involved.
 *
 * @param input - the table object
 * @param path - the parameter path used in problems, e.g. `table` or a file name
 * @param defaultName - the name to use when the table has none (a file's base name)
 */
export function parseRandomTable(
  input: unknown,
  path = "table",
  defaultName?: string,
): Validation<RandomTable> {
  if (!isJsonObject(input)) {
    return {
      ok: false,
      problems: [{ parameter: path, issue: `Expected an object, received ${jsonTypeOf(input)}` }],
    };
  }
  const findings: Finding[] = [];
  const rawName = readPresent(input, "name");
  const name =
    rawName === undefined
      ? defaultName
      : checkText(rawName, `${path}.name`, TABLE_LIMITS.maxNameLength, findings);
  const description = readPresent(input, "description");
  if (description !== undefined)
    checkText(description, `${path}.description`, TABLE_LIMITS.maxTextLength, findings);
  const rawDie = readPresent(input, "die");
  const die = rawDie === undefined ? undefined : readDie(rawDie, `${path}.die`, findings);
  const entries = readEntries(readPresent(input, "entries"), `${path}.entries`, findings);
  checkUnknownKeys(input, TABLE_KEYS, `${path}.`, findings);
  const problems = findingsToProblems(findings);
  if (problems.length > 0 || entries === undefined) return { ok: false, problems };
  const layout = entries.every((entry) => entry.range === undefined)
    ? layOutWeights(entries, die, path)
    : layOutRanges(entries, die, path);
  if (!layout.ok) return layout;
  const table: RandomTable = name === undefined ? layout.value : { name, ...layout.value };
  return { ok: true, value: table };
}

function readDie(value: unknown, parameter: string, findings: Finding[]): number | undefined {
  const text = typeof value === "string" ? /^1?d(\d{1,7})$/i.exec(value.trim())?.[1] : undefined;
  const sides = typeof value === "number" ? value : text === undefined ? Number.NaN : Number(text);
  if (Number.isNaN(sides)) {
    findings.push({
      parameter,
      violation: { kind: "rule", issue: 'Expected a die such as "d8" or a number of sides' },
    });
    return undefined;
  }
  return checkInteger(sides, parameter, { min: 1, max: TABLE_LIMITS.maxSides }, findings);
}

function readEntries(value: unknown, path: string, findings: Finding[]): RawEntry[] | undefined {
  if (value === undefined) {
    findings.push({ parameter: path, violation: { kind: "missing" } });
    return undefined;
  }
  if (!Array.isArray(value)) {
    findings.push({
      parameter: path,
      violation: { kind: "type", expected: "array", received: value },
    });
    return undefined;
  }
  if (value.length === 0 || value.length > TABLE_LIMITS.maxEntries) {
    const violation =
      value.length === 0
        ? { kind: "too-short" as const, length: 0, min: 1, unit: " items" }
        : {
            kind: "too-long" as const,
            length: value.length,
            max: TABLE_LIMITS.maxEntries,
            unit: " items",
          };
    findings.push({ parameter: path, validRange: `1-${TABLE_LIMITS.maxEntries} items`, violation });
    return undefined;
  }
  const before = findings.length;
  const entries = value.map((entry: unknown, index) =>
    readEntry(entry, index, `${path}[${index}]`, findings),
  );
  const firstRanged = entries.findIndex((entry) => entry?.range !== undefined);
  const firstWeighted = entries.findIndex(
    (entry) => entry !== undefined && entry.range === undefined,
  );
  if (firstRanged >= 0 && firstWeighted >= 0) {
    findings.push({
      parameter: `${path}[${Math.max(firstRanged, firstWeighted)}]`,
      violation: {
        kind: "rule",
        issue: `Mixes ranges and weights: entries[${firstRanged}] has a range, entries[${firstWeighted}] has none; give every entry a range, or none`,
      },
    });
  }
  return findings.length > before ? undefined : (entries as RawEntry[]);
}

function readEntry(
  value: unknown,
  index: number,
  path: string,
  findings: Finding[],
): RawEntry | undefined {
  if (typeof value === "string") {
    const text = checkText(value, path, TABLE_LIMITS.maxTextLength, findings);
    return text === undefined ? undefined : { index, text };
  }
  if (!isJsonObject(value)) {
    findings.push({
      parameter: path,
      violation: { kind: "type", expected: "object", received: value },
    });
    return undefined;
  }
  const text = readEntryText(readPresent(value, "text"), `${path}.text`, findings);
  const rawWeight = readPresent(value, "weight");
  const rawRange = readPresent(value, "range");
  checkUnknownKeys(value, ENTRY_KEYS, `${path}.`, findings);
  if (rawWeight !== undefined && rawRange !== undefined) {
    findings.push({
      parameter: `${path}.weight`,
      violation: { kind: "rule", issue: "Give a weight or a range, not both" },
    });
    return undefined;
  }
  if (text === undefined) return undefined;
  if (rawRange !== undefined) {
    const range = readRange(rawRange, `${path}.range`, findings);
    return range === undefined ? undefined : { index, text, range };
  }
  if (rawWeight === undefined) return { index, text };
  const weight = checkInteger(
    rawWeight,
    `${path}.weight`,
    { min: 1, max: TABLE_LIMITS.maxWeight },
    findings,
  );
  return weight === undefined ? undefined : { index, text, weight };
}

function readEntryText(value: unknown, parameter: string, findings: Finding[]): string | undefined {
  if (value !== undefined) return checkText(value, parameter, TABLE_LIMITS.maxTextLength, findings);
  findings.push({ parameter, violation: { kind: "missing" } });
  return undefined;
}

function readRange(
  value: unknown,
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

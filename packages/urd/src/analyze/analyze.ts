import type { DiagnosticList } from "../diagnostics/diagnostic-list.js";
import type { FactSetJson, FactSite, PropertyRead, PropertyWrite } from "../facts/fact-types.js";
import {
  formatPropertyKey,
  type PropertyIndexJson,
  PropertyKeyNames,
  readButNeverWritten,
  writtenButNeverRead,
  writtenKeysInOrder,
} from "../facts/property-index.js";
import { isIntegerLiteral } from "../text/numbers.js";

type OrderingOperator = "<" | ">" | "<=" | ">=";

function isOrdering(operator: string): operator is OrderingOperator {
  return operator === "<" || operator === ">" || operator === "<=" || operator === ">=";
}

function satisfies(value: number, operator: OrderingOperator, bound: number): boolean {
  switch (operator) {
    case "<":
      return value < bound;
    case ">":
      return value > bound;
    case "<=":
      return value <= bound;
    case ">=":
      return value >= bound;
  }
}

/** What the writes of one key can produce, for URD604. */
interface AssignedRange {
  /** Whether any write is `+` or `-`. */
  arithmetic: boolean;
  /** Smallest and largest integer assigned by an `=` write of kind `int`. */
  min: number | null;
  max: number | null;
}

function assignedRanges(writesByKey: ReadonlyMap<string, readonly PropertyWrite[]>) {
  const ranges = new Map<string, AssignedRange>();
  for (const [key, writes] of writesByKey) {
    const range: AssignedRange = { arithmetic: false, min: null, max: null };
    for (const write of writes) {
      if (write.operator !== "=") range.arithmetic = true;
      else if (write.value_kind === "int" && isIntegerLiteral(write.value_expr)) {
        const value = Number(write.value_expr);
        range.min = range.min === null ? value : Math.min(range.min, value);
        range.max = range.max === null ? value : Math.max(range.max, value);
      }
    }
    ranges.set(key, range);
  }
  return ranges;
}

class FactSetAnalysis {
  private readonly readsByKey = new Map<string, PropertyRead[]>();
  private readonly writesByKey = new Map<string, PropertyWrite[]>();
  /** The condition reads of each site, by kind of site and then id. */
  private readonly readsBySite = new Map<FactSite["kind"], Map<string, number[]>>();
  private readonly keyNames = new PropertyKeyNames();
  private readonly readKeys: string[];
  private readonly writeKeys: string[];

  constructor(
    private readonly facts: FactSetJson,
    private readonly index: PropertyIndexJson,
    private readonly diagnostics: DiagnosticList,
  ) {
    this.readKeys = facts.reads.map((read) => this.keyNames.nameOf(read));
    facts.reads.forEach((read, index) => {
      this.group(this.readsByKey, this.readKeys[index] ?? "", read);
    });
    this.writeKeys = facts.writes.map((write) => this.keyNames.nameOf(write));
    facts.writes.forEach((write, index) => {
      this.group(this.writesByKey, this.writeKeys[index] ?? "", write);
    });
    for (const exit of facts.exits) {
      this.firstSite("exit", `${exit.from_location}/${exit.exit_name}`, exit.guard_reads);
    }
    for (const choice of facts.choices) {
      this.firstSite("choice", choice.choice_id, choice.condition_reads);
    }
    for (const rule of facts.rules) this.firstSite("rule", rule.rule_id, rule.condition_reads);
  }

  private firstSite(kind: FactSite["kind"], id: string, reads: number[]): void {
    let sites = this.readsBySite.get(kind);
    if (sites === undefined) {
      sites = new Map();
      this.readsBySite.set(kind, sites);
    }
    if (!sites.has(id)) sites.set(id, reads);
  }

  private group<T>(map: Map<string, T[]>, key: string, item: T): void {
    const list = map.get(key);
    if (list === undefined) map.set(key, [item]);
    else list.push(item);
  }

  run(): void {
    this.readNeverWritten();
    this.writtenNeverRead();
    this.untestedVariants();
    this.unsatisfiableComparisons();
    this.circularDependencies();
  }

  private readNeverWritten(): void {
    for (const entry of readButNeverWritten(this.index)) {
      const first = this.facts.reads[entry.read_indices[0] ?? -1];
      if (first === undefined) continue;
      this.diagnostics.warning(
        "URD601",
        `Property '${formatPropertyKey(entry)}' is read in conditions but never written by any effect. It will always reflect its default or initial value.`,
        first.span,
      );
    }
  }

  private writtenNeverRead(): void {
    for (const entry of writtenButNeverRead(this.index)) {
      const first = this.facts.writes[entry.write_indices[0] ?? -1];
      if (first === undefined) continue;
      this.diagnostics.warning(
        "URD602",
        `Property '${formatPropertyKey(entry)}' is written by effects but never read in any condition. The writes have no observable effect on game logic.`,
        first.span,
      );
    }
  }

  private untestedVariants(): void {
    const testedValues = new Map<string, Set<string>>();
    const reads = this.facts.reads;
    for (let index = 0; index < reads.length; index += 1) {
      const read = reads[index];
      if (read === undefined || read.operator !== "==") continue;
      const key = this.readKeys[index] ?? "";
      let values = testedValues.get(key);
      if (values === undefined) {
        values = new Set();
        testedValues.set(key, values);
      }
      values.add(read.value_literal);
    }
    const writes = this.facts.writes;
    for (let index = 0; index < writes.length; index += 1) {
      const write = writes[index];
      if (write === undefined || write.operator !== "=" || write.value_kind !== "ident") continue;
      const key = this.writeKeys[index] ?? "";
      if (!this.readsByKey.has(key) || testedValues.get(key)?.has(write.value_expr)) continue;
      this.diagnostics.warning(
        "URD603",
        `Effect sets '${key}' to '${write.value_expr}' but no condition anywhere tests for this variant. The write may have no observable effect.`,
        write.span,
      );
    }
  }

  private unsatisfiableComparisons(): void {
    const ranges = assignedRanges(this.writesByKey);
    const reads = this.facts.reads;
    for (let index = 0; index < reads.length; index += 1) {
      const read = reads[index];
      if (read === undefined) continue;
      const operator = read.operator;
      if (!isOrdering(operator) || read.value_kind !== "int") continue;
      if (!isIntegerLiteral(read.value_literal)) continue;
      const bound = Number(read.value_literal);
      const key = this.readKeys[index] ?? "";
      const range = ranges.get(key);
      if (range?.arithmetic) continue;
      if (range !== undefined && range.min !== null && range.max !== null) {
        const reachable =
          operator === "<" || operator === "<="
            ? satisfies(range.min, operator, bound)
            : satisfies(range.max, operator, bound);
        if (reachable) continue;
      }
      this.diagnostics.warning(
        "URD604",
        `Condition compares '${key}' against ${bound} but no effect can produce a value that satisfies '${operator} ${bound}'. The condition may never be true.`,
        read.span,
      );
    }
  }

  private siteReads(write: PropertyWrite): number[] {
    return this.readsBySite.get(write.site.kind)?.get(write.site.id) ?? [];
  }

  private isGuarded(write: PropertyWrite, key: string): boolean {
    return this.siteReads(write).some((index) => this.readKeys[index] === key);
  }

  private circularDependencies(): void {
    for (const keyParts of writtenKeysInOrder(this.facts)) {
      const key = this.keyNames.nameOf(keyParts);
      const writes = this.writesByKey.get(key) ?? [];
      const first = writes[0];
      if (first === undefined || !writes.every((write) => this.isGuarded(write, key))) continue;
      this.diagnostics.warning(
        "URD605",
        `Property '${key}' may be stuck in a circular dependency. Every effect that writes this property is guarded by a condition that reads it. Without an unguarded write path or a satisfying initial value, the property can never change.`,
        first.span,
      );
    }
  }
}

/**
 * ANALYZE: the FactSet diagnostics URD601–URD605 (all warnings), computed
 * from the FactSet and the PropertyDependencyIndex only, in that order.
 */
export function analyzeFacts(
  facts: FactSetJson,
  index: PropertyIndexJson,
  diagnostics: DiagnosticList,
): void {
  new FactSetAnalysis(facts, index, diagnostics).run();
}

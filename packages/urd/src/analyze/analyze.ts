import type { DiagnosticList } from "../diagnostics/diagnostic-list.js";
import type { FactSetJson, PropertyRead, PropertyWrite } from "../facts/fact-types.js";
import {
  formatPropertyKey,
  type PropertyIndexJson,
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

class FactSetAnalysis {
  private readonly readsByKey = new Map<string, PropertyRead[]>();
  private readonly writesByKey = new Map<string, PropertyWrite[]>();
  private readonly readsBySite = new Map<string, number[]>();

  constructor(
    private readonly facts: FactSetJson,
    private readonly index: PropertyIndexJson,
    private readonly diagnostics: DiagnosticList,
  ) {
    for (const read of facts.reads) this.group(this.readsByKey, formatPropertyKey(read), read);
    for (const write of facts.writes) this.group(this.writesByKey, formatPropertyKey(write), write);
    for (const exit of facts.exits) {
      this.firstSite(`exit:${exit.from_location}/${exit.exit_name}`, exit.guard_reads);
    }
    for (const choice of facts.choices)
      this.firstSite(`choice:${choice.choice_id}`, choice.condition_reads);
    for (const rule of facts.rules) this.firstSite(`rule:${rule.rule_id}`, rule.condition_reads);
  }

  private firstSite(site: string, reads: number[]): void {
    if (!this.readsBySite.has(site)) this.readsBySite.set(site, reads);
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
    for (const write of this.facts.writes) {
      if (write.operator !== "=" || write.value_kind !== "ident") continue;
      const key = formatPropertyKey(write);
      const reads = this.readsByKey.get(key) ?? [];
      if (reads.length === 0) continue;
      const tested = reads.some(
        (read) => read.operator === "==" && read.value_literal === write.value_expr,
      );
      if (tested) continue;
      this.diagnostics.warning(
        "URD603",
        `Effect sets '${key}' to '${write.value_expr}' but no condition anywhere tests for this variant. The write may have no observable effect.`,
        write.span,
      );
    }
  }

  private unsatisfiableComparisons(): void {
    for (const read of this.facts.reads) {
      const operator = read.operator;
      if (!isOrdering(operator) || read.value_kind !== "int") continue;
      if (!isIntegerLiteral(read.value_literal)) continue;
      const bound = Number(read.value_literal);
      const key = formatPropertyKey(read);
      const writes = this.writesByKey.get(key) ?? [];
      if (writes.some((write) => write.operator === "+" || write.operator === "-")) continue;
      const reachable = writes.some(
        (write) =>
          write.operator === "=" &&
          write.value_kind === "int" &&
          isIntegerLiteral(write.value_expr) &&
          satisfies(Number(write.value_expr), operator, bound),
      );
      if (reachable) continue;
      this.diagnostics.warning(
        "URD604",
        `Condition compares '${key}' against ${bound} but no effect can produce a value that satisfies '${operator} ${bound}'. The condition may never be true.`,
        read.span,
      );
    }
  }

  private siteReads(write: PropertyWrite): number[] {
    return this.readsBySite.get(`${write.site.kind}:${write.site.id}`) ?? [];
  }

  private isGuarded(write: PropertyWrite, key: string): boolean {
    return this.siteReads(write).some((index) => {
      const read = this.facts.reads[index];
      return read !== undefined && formatPropertyKey(read) === key;
    });
  }

  private circularDependencies(): void {
    for (const keyParts of writtenKeysInOrder(this.facts)) {
      const key = formatPropertyKey(keyParts);
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

import type { Span } from "../diagnostics/diagnostic.js";
import type { ComparisonOperator } from "../parse/ast.js";

/** Where a read or write happens. */
export interface FactSite {
  readonly kind: "choice" | "exit" | "rule";
  /** Choice id, exit id (`location/direction`) or rule name. */
  readonly id: string;
}

/** How a value is interpreted, from the property's declared type. */
export type ValueKind = "bool" | "int" | "ident" | "str";

/** A property comparison in a condition. */
export interface PropertyRead {
  readonly site: FactSite;
  readonly entity_type: string;
  readonly property: string;
  readonly operator: ComparisonOperator;
  readonly value_literal: string;
  readonly value_kind: ValueKind;
  readonly span: Span;
}

/** A set effect on a property. */
export interface PropertyWrite {
  readonly site: FactSite;
  readonly entity_type: string;
  readonly property: string;
  readonly operator: "=" | "+" | "-";
  readonly value_expr: string;
  readonly value_kind: ValueKind | null;
  readonly span: Span;
}

/** A resolved exit between two locations. */
export interface ExitEdge {
  readonly from_location: string;
  readonly to_location: string;
  readonly exit_name: string;
  readonly is_conditional: boolean;
  /** Indices into `reads` of the exit's guard comparisons. */
  guard_reads: number[];
  readonly span: Span;
}

/** Where a jump goes. */
export type JumpTarget =
  | { readonly kind: "section"; readonly id: string }
  | { readonly kind: "exit"; readonly id: string }
  | { readonly kind: "end" };

/** A resolved jump inside a section. */
export interface JumpEdge {
  readonly from_section: string;
  readonly target: JumpTarget;
  readonly span: Span;
}

/** A choice with the indices of its reads, writes and jumps. */
export interface ChoiceFact {
  readonly section: string;
  readonly choice_id: string;
  readonly label: string;
  readonly sticky: boolean;
  readonly condition_reads: number[];
  readonly effect_writes: number[];
  readonly jump_indices: number[];
  readonly span: Span;
}

/** A rule with the indices of its reads and writes. */
export interface RuleFact {
  readonly rule_id: string;
  readonly condition_reads: number[];
  readonly effect_writes: number[];
  readonly span: Span;
}

/** The flat, ordered record of what LINK resolved (`facts` in `urd compile`). */
export interface FactSetJson {
  readonly reads: PropertyRead[];
  readonly writes: PropertyWrite[];
  readonly exits: ExitEdge[];
  readonly jumps: JumpEdge[];
  readonly choices: ChoiceFact[];
  readonly rules: RuleFact[];
}

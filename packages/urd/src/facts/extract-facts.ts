import { compact } from "../arrays/compact.js";
import type { LinkedWorld } from "../link/link.js";
import type { LocationSymbol, Scope } from "../link/symbols.js";
import type {
  ChoiceNode,
  ComparisonCondition,
  ContentNode,
  ExitNode,
  JumpNode,
  RuleNode,
  SetEffect,
} from "../parse/ast.js";
import { ExitEdgeIndex } from "./exit-edge-index.js";
import type { FactSetJson, FactSite, JumpTarget } from "./fact-types.js";
import { readValueKind, writeValueKind } from "./value-kind.js";

/** Adds the index of a pushed fact to a site's list; a fact that was not pushed has none. */
function keepIndex(list: number[], index: number | null): void {
  if (index !== null) list.push(index);
}

class FactExtractor {
  readonly facts: FactSetJson = {
    reads: [],
    writes: [],
    exits: [],
    jumps: [],
    choices: [],
    rules: [],
  };
  private readonly edges = new ExitEdgeIndex();

  constructor(private readonly world: LinkedWorld) {}

  extract(): FactSetJson {
    this.extractExitEdges();
    for (const file of this.world.files) {
      file.parsed.content.forEach((node, index) => {
        const scope = file.scopes[index];
        if (scope !== undefined) this.visitTopLevel(node, scope);
      });
    }
    return this.facts;
  }

  private extractExitEdges(): void {
    for (const location of this.world.symbols.locations.values()) {
      for (const exit of location.exits.values()) {
        if (exit.destination === null) continue;
        this.edges.set(location, exit.direction, this.facts.exits.length);
        this.facts.exits.push({
          from_location: location.id,
          to_location: exit.destination.id,
          exit_name: exit.direction,
          is_conditional: exit.node.children.some(
            (child) => child.kind === "condition" || child.kind === "or-block",
          ),
          guard_reads: [],
          span: exit.node.span,
        });
      }
    }
  }

  private visitTopLevel(node: ContentNode, scope: Scope): void {
    switch (node.kind) {
      case "choice":
        if (scope.section !== null) this.extractChoice(node, scope);
        return;
      case "jump":
        this.extractJump(node, scope);
        return;
      case "exit":
        if (scope.location !== null) this.extractExitGuards(node, scope.location);
        return;
      case "rule":
        this.extractRule(node);
        return;
      default:
        return;
    }
  }

  private pushRead(condition: ComparisonCondition, site: FactSite): number | null {
    const access = this.world.resolutions.comparisons.get(condition);
    if (access === undefined) return null;
    this.facts.reads.push({
      site,
      entity_type: access.type.name,
      property: access.property,
      operator: condition.operator,
      value_literal: condition.value,
      value_kind: readValueKind(access.declaration),
      span: condition.span,
    });
    return this.facts.reads.length - 1;
  }

  private pushWrite(effect: SetEffect, site: FactSite): number | null {
    const access = this.world.resolutions.accesses.get(effect);
    if (access === undefined) return null;
    this.facts.writes.push({
      site,
      entity_type: access.type.name,
      property: access.property,
      operator: effect.operator,
      value_expr: effect.value,
      value_kind: writeValueKind(access.declaration, effect.operator, effect.value),
      span: effect.span,
    });
    return this.facts.writes.length - 1;
  }

  private extractExitGuards(node: ExitNode, location: LocationSymbol): void {
    // The site, and so the exit's id, is only made for an exit with guards: most have none.
    let site: FactSite | null = null;
    const guards: number[] = [];
    for (const child of node.children) {
      if (child.kind !== "condition" || child.condition.kind !== "comparison") continue;
      site ??= { kind: "exit", id: `${location.id}/${node.direction}` };
      const index = this.pushRead(child.condition, site);
      if (index !== null) guards.push(index);
    }
    const edgeIndex = this.edges.get(location, node.direction);
    const edge = edgeIndex === undefined ? undefined : this.facts.exits[edgeIndex];
    if (guards.length > 0 && edge !== undefined) edge.guard_reads = compact(guards);
  }

  private extractChoice(node: ChoiceNode, scope: Scope): void {
    const section = scope.section;
    const choice = section?.choices.find(
      (candidate) => candidate.label === node.label && candidate.sticky === node.sticky,
    );
    if (section === null || choice === undefined) return;
    const site: FactSite = { kind: "choice", id: choice.id };
    const reads: number[] = [];
    const writes: number[] = [];
    const jumps: number[] = [];
    for (const child of node.children) {
      if (child.kind === "condition" && child.condition.kind === "comparison") {
        keepIndex(reads, this.pushRead(child.condition, site));
      } else if (child.kind === "or-block") {
        for (const member of child.members) {
          if (member.kind === "comparison") keepIndex(reads, this.pushRead(member, site));
        }
      } else if (child.kind === "effect" && child.effect.kind === "set") {
        keepIndex(writes, this.pushWrite(child.effect, site));
      } else if (child.kind === "choice") {
        this.extractChoice(child, scope);
      } else if (child.kind === "jump") {
        keepIndex(jumps, this.extractJump(child, scope));
      }
    }
    this.facts.choices.push({
      section: section.id,
      choice_id: choice.id,
      label: choice.label,
      sticky: choice.sticky,
      condition_reads: compact(reads),
      effect_writes: compact(writes),
      jump_indices: compact(jumps),
      span: node.span,
    });
  }

  private jumpTarget(node: JumpNode): JumpTarget | null {
    const resolution = this.world.resolutions.jumps.get(node);
    if (resolution === undefined) return null;
    if (resolution.kind === "end") return { kind: "end" };
    if (resolution.kind === "section") return { kind: "section", id: resolution.section.id };
    const exit = resolution.exit;
    return this.edges.get(exit.location, exit.direction) === undefined
      ? null
      : { kind: "exit", id: exit.id };
  }

  private extractJump(node: JumpNode, scope: Scope): number | null {
    if (scope.section === null) return null;
    const target = this.jumpTarget(node);
    if (target === null) return null;
    this.facts.jumps.push({ from_section: scope.section.id, target, span: node.span });
    return this.facts.jumps.length - 1;
  }

  private extractRule(node: RuleNode): void {
    const site: FactSite = { kind: "rule", id: node.name };
    const reads: number[] = [];
    const writes: number[] = [];
    for (const condition of [...node.where, ...(node.select?.where ?? [])]) {
      if (condition.kind !== "comparison") continue;
      const index = this.pushRead(condition, site);
      if (index !== null) reads.push(index);
    }
    for (const effect of node.effects) {
      if (effect.kind !== "set") continue;
      const index = this.pushWrite(effect, site);
      if (index !== null) writes.push(index);
    }
    this.facts.rules.push({
      rule_id: node.name,
      condition_reads: compact(reads),
      effect_writes: compact(writes),
      span: node.span,
    });
  }
}

/**
 * Builds the FactSet: exit edges first (locations and exits in declaration
 * order), then a walk of each file's top-level content in file order. Choices
 * are pushed after their content, so nested choices precede their parents.
 */
export function extractFacts(world: LinkedWorld): FactSetJson {
  return new FactExtractor(world).extract();
}

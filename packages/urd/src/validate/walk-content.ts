import type { Condition, ContentNode, Effect } from "../parse/ast.js";

/** Callbacks for every condition and effect found in content. */
export interface ContentVisitor {
  condition?(condition: Condition): void;
  effect?(effect: Effect): void;
}

/**
 * Visits every condition and effect in the nodes, recursively: top-level
 * lines, choice bodies, exit children, `? any:` members, and rule
 * where-clauses and effects.
 */
export function walkConditionsAndEffects(
  nodes: readonly ContentNode[],
  visitor: ContentVisitor,
): void {
  for (const node of nodes) {
    switch (node.kind) {
      case "condition":
        visitor.condition?.(node.condition);
        break;
      case "or-block":
        for (const member of node.members) visitor.condition?.(member);
        break;
      case "effect":
        visitor.effect?.(node.effect);
        break;
      case "exit":
        walkConditionsAndEffects(node.children, visitor);
        break;
      case "choice":
        walkConditionsAndEffects(node.children, visitor);
        break;
      case "rule":
        for (const condition of node.where) visitor.condition?.(condition);
        for (const condition of node.select?.where ?? []) visitor.condition?.(condition);
        for (const effect of node.effects) visitor.effect?.(effect);
        break;
      default:
        break;
    }
  }
}

import type { Condition, ContentNode, Effect } from "../parse/ast.js";

/** Callbacks for every condition and effect found in content. */
export interface ContentVisitor {
  condition?(condition: Condition): void;
  effect?(effect: Effect): void;
}

function visitConditions(conditions: readonly Condition[], visitor: ContentVisitor): void {
  if (visitor.condition === undefined) return;
  for (let index = 0; index < conditions.length; index += 1) {
    const condition = conditions[index];
    if (condition !== undefined) visitor.condition(condition);
  }
}

function visitEffects(effects: readonly Effect[], visitor: ContentVisitor): void {
  if (visitor.effect === undefined) return;
  for (let index = 0; index < effects.length; index += 1) {
    const effect = effects[index];
    if (effect !== undefined) visitor.effect(effect);
  }
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
  // Indexed loops: this walk runs over every node twice while the compiler is still cold, when
  // each step of a for-of loop allocates an iterator result.
  for (let index = 0; index < nodes.length; index += 1) {
    const node = nodes[index];
    if (node === undefined) continue;
    switch (node.kind) {
      case "condition":
        visitor.condition?.(node.condition);
        break;
      case "or-block":
        visitConditions(node.members, visitor);
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
        visitConditions(node.where, visitor);
        if (node.select !== null) visitConditions(node.select.where, visitor);
        visitEffects(node.effects, visitor);
        break;
      default:
        break;
    }
  }
}

import type { ContainerReference, Resolutions } from "../link/resolutions.js";
import type {
  Condition,
  ConditionNode,
  ContentNode,
  Effect,
  EffectNode,
  OrBlockNode,
  Scalar,
} from "../parse/ast.js";
import { isNumberLiteral } from "../text/numbers.js";
import type { ConditionsJson, EffectJson, JsonValue } from "./world-json.js";

/** A frontmatter scalar as a JSON value (entity references lose their `@`). */
export function scalarToJson(scalar: Scalar): JsonValue {
  switch (scalar.kind) {
    case "boolean":
    case "integer":
    case "number":
    case "string":
      return scalar.value;
    case "entity-ref":
      return scalar.id;
    case "list":
      return scalar.items.map(scalarToJson);
  }
}

function stripAt(text: string): string {
  return text.startsWith("@") ? text.slice(1) : text;
}

function containerText(reference: ContainerReference | null | undefined, raw: string): string {
  switch (reference?.kind) {
    case "player":
      return "player";
    case "here":
      return "player.container";
    case "entity":
      return reference.entity.id;
    case "location":
      return reference.location.id;
    default:
      return raw;
  }
}

function isConditionNode(node: ContentNode): node is ConditionNode {
  return node.kind === "condition";
}

/** The last `? any:` block with members (a plain loop: findLast is slow while cold). */
function lastNonEmptyOrBlock(nodes: readonly ContentNode[]): OrBlockNode | undefined {
  let found: OrBlockNode | undefined;
  for (let index = 0; index < nodes.length; index += 1) {
    const node = nodes[index];
    if (node?.kind === "or-block" && node.members.length > 0) found = node;
  }
  return found;
}

function isEffectNode(node: ContentNode): node is EffectNode {
  return node.kind === "effect";
}

function valueByShape(raw: string): JsonValue {
  if (raw === "true" || raw === "false") return raw === "true";
  if (isNumberLiteral(raw)) return Number(raw);
  return raw;
}

/** Turns resolved conditions and effects into their world JSON form. */
export class Lowering {
  constructor(private readonly resolutions: Resolutions) {}

  /** `e.p <op> value`, `e.container == C`, or `<section id>.exhausted`. */
  condition(condition: Condition): string {
    switch (condition.kind) {
      case "comparison": {
        const subject =
          condition.subject.kind === "entity" ? condition.subject.id : condition.subject.name;
        return `${subject}.${condition.property} ${condition.operator} ${condition.value}`;
      }
      case "containment": {
        const container = this.resolutions.containments.get(condition)?.container;
        const operator = condition.negated ? "!=" : "==";
        return `${condition.entity}.container ${operator} ${containerText(container, condition.container)}`;
      }
      case "exhaustion": {
        const section = this.resolutions.exhaustions.get(condition);
        return `${section?.id ?? condition.section}.exhausted`;
      }
    }
  }

  /**
   * The conditions of a list of sibling nodes: the AND list of their `?`
   * lines or, when a non-empty `? any:` is among them, the last one's members.
   * Null when there are none.
   */
  conditions(nodes: readonly ContentNode[]): ConditionsJson | null {
    // Arrays made by filter and map have the length they hold, where one grown by push keeps
    // room for sixteen more: these arrays are part of the world JSON, thousands of them.
    const anyBlock = lastNonEmptyOrBlock(nodes);
    if (anyBlock !== undefined) {
      return { any: anyBlock.members.map((member) => this.condition(member)) };
    }
    const all = nodes.filter(isConditionNode).map((node) => this.condition(node.condition));
    return all.length > 0 ? all : null;
  }

  /** A set, move, reveal or destroy as its JSON object. */
  effect(effect: Effect): EffectJson {
    switch (effect.kind) {
      case "set":
        return this.set(effect);
      case "move": {
        const mover = effect.entity.kind === "entity" ? effect.entity.id : effect.entity.name;
        const destination = this.resolutions.moves.get(effect)?.destination;
        return { move: mover, to: containerText(destination, effect.destination) };
      }
      case "reveal": {
        const access = this.resolutions.accesses.get(effect);
        return {
          reveal: access ? `${access.entity.id}.${access.property}` : stripAt(effect.target),
        };
      }
      case "destroy":
        return { destroy: this.resolutions.destroys.get(effect)?.id ?? effect.entity };
    }
  }

  private set(effect: Extract<Effect, { kind: "set" }>): EffectJson {
    const access = this.resolutions.accesses.get(effect);
    const target = access ? `${access.entity.id}.${access.property}` : stripAt(effect.target);
    if (effect.operator !== "=")
      return { set: target, to: `${target} ${effect.operator} ${effect.value}` };
    if (access === undefined) return { set: target, to: valueByShape(effect.value) };
    switch (access.declaration?.type.name) {
      case "boolean":
        return { set: target, to: effect.value === "true" };
      case "integer":
      case "number":
        return { set: target, to: Number(effect.value) };
      default:
        return { set: target, to: effect.value };
    }
  }

  /** The effects among sibling nodes, lowered, in order. */
  effects(nodes: readonly ContentNode[]): EffectJson[] {
    return nodes.filter(isEffectNode).map((node) => this.effect(node.effect));
  }
}

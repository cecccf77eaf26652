import type { LinkedWorld } from "../link/link.js";
import type { Lowering } from "./lower.js";
import type { ActionJson, RuleJson, SequenceJson } from "./world-json.js";

/** `actions`: one per registered choice (pre-order): target, conditions, effects. */
export function emitActions(world: LinkedWorld, lowering: Lowering): Record<string, ActionJson> {
  const actions: Record<string, ActionJson> = {};
  for (const choice of world.symbols.choices) {
    const node = choice.node;
    const json: Partial<ActionJson> = {};
    if (node.target?.kind === "entity") {
      json.target = world.resolutions.choiceTargets.get(node)?.id ?? node.target.id;
    } else if (node.target?.kind === "type") {
      json.target_type = node.target.name;
    }
    const conditions = lowering.conditions(node.children);
    if (conditions !== null) json.conditions = conditions;
    // Completed in place rather than spread into a new object, which costs a copy per action
    // while the compiler is cold; `effects` is set last, where the key order puts it.
    json.effects = lowering.effects(node.children);
    actions[choice.id] = json as ActionJson;
  }
  return actions;
}

/**
 * `rules`: actor, trigger, rule-level conditions, the select clause and the
 * effects. Statements on bound variables are emitted as written.
 */
export function emitRules(world: LinkedWorld, lowering: Lowering): Record<string, RuleJson> {
  const rules: Record<string, RuleJson> = {};
  for (const rule of world.symbols.rules.values()) {
    const node = rule.node;
    const json: RuleJson =
      node.actor === null
        ? { trigger: node.trigger ?? "" }
        : {
            actor: node.actor,
            trigger: node.trigger ?? "",
          };
    if (node.where.length > 0)
      json.conditions = node.where.map((where) => lowering.condition(where));
    if (node.select !== null) {
      json.select = { from: [...node.select.from], as: node.select.variable };
      if (node.select.where.length > 0) {
        json.select.where = node.select.where.map((where) => lowering.condition(where));
      }
    }
    if (node.effects.length > 0)
      json.effects = node.effects.map((effect) => lowering.effect(effect));
    rules[rule.name] = json;
  }
  return rules;
}

/** `sequences`: each sequence's phases with their advance mode. */
export function emitSequences(world: LinkedWorld): Record<string, SequenceJson> {
  const sequences: Record<string, SequenceJson> = {};
  for (const sequence of world.symbols.sequences.values()) {
    sequences[sequence.id] = {
      phases: sequence.phases.map((phase) =>
        phase.auto
          ? { id: phase.id, auto: true, advance: "auto" }
          : { id: phase.id, advance: "manual" },
      ),
    };
  }
  return sequences;
}

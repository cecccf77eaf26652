import type { DiagnosticList } from "../diagnostics/diagnostic-list.js";
import type { LinkedWorld } from "../link/link.js";
import type { Condition, Effect } from "../parse/ast.js";
import { ExpressionChecker } from "./check-expressions.js";
import {
  checkFallthrough,
  checkNesting,
  checkOrphanedChoices,
  checkReachability,
  checkSequences,
  checkShadowing,
} from "./check-structure.js";
import { checkOverrides, checkTypes } from "./check-types.js";
import { checkWorld } from "./check-world.js";
import { ValueChecker } from "./value-check.js";
import { walkConditionsAndEffects } from "./walk-content.js";

/**
 * VALIDATE, in order: world, types, entity overrides, conditions, effects,
 * sequences, nesting, unreachable locations, orphaned choices, missing
 * fallthrough, section/exit shadowing.
 */
export function validate(world: LinkedWorld, diagnostics: DiagnosticList): void {
  const values = new ValueChecker(world.symbols, diagnostics);
  checkWorld(world.world, world.symbols, diagnostics);
  checkTypes(world.symbols, values, diagnostics);
  checkOverrides(world.symbols, values);
  const expressions = new ExpressionChecker(world.resolutions, values, diagnostics);
  // One walk for both: a condition and an effect never share a line, so the sorted
  // diagnostics are the same as from a walk for conditions followed by one for effects.
  const visitor = {
    condition: (condition: Condition) => expressions.checkCondition(condition),
    effect: (effect: Effect) => expressions.checkEffect(effect),
  };
  for (const file of world.files) walkConditionsAndEffects(file.parsed.content, visitor);
  checkSequences(world, diagnostics);
  checkNesting(world, diagnostics);
  checkReachability(world, diagnostics);
  checkOrphanedChoices(world, diagnostics);
  checkFallthrough(world, diagnostics);
  checkShadowing(world, diagnostics);
}

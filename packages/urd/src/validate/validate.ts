import type { DiagnosticList } from "../diagnostics/diagnostic-list.js";
import type { LinkedWorld } from "../link/link.js";
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
  for (const file of world.files) {
    walkConditionsAndEffects(file.parsed.content, {
      condition: (condition) => expressions.checkCondition(condition),
    });
  }
  for (const file of world.files) {
    walkConditionsAndEffects(file.parsed.content, {
      effect: (effect) => expressions.checkEffect(effect),
    });
  }
  checkSequences(world, diagnostics);
  checkNesting(world, diagnostics);
  checkReachability(world, diagnostics);
  checkOrphanedChoices(world, diagnostics);
  checkFallthrough(world, diagnostics);
  checkShadowing(world, diagnostics);
}

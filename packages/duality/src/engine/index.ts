export {
  type ActionOutcomeInput,
  type ActionResult,
  evaluateActionOutcome,
} from "./action-outcome.js";
export { type ActionRollInput, rollAction } from "./action-roll.js";
export {
  DAMAGE_SEVERITIES,
  type DamageInput,
  type DamageResult,
  type DamageSeverity,
  resolveDamage,
} from "./damage.js";
export {
  createDieRoller,
  createRandomDieRoller,
  type DieRoller,
  rollCheckedDie,
} from "./die-roller.js";
export { DUALITY_DIE_SIDES } from "./duality-dice.js";
export { DualityError, type DualityErrorCode } from "./duality-error.js";
export {
  type ApplyModifierStep,
  type CheckCritStep,
  type CheckDifficultyStep,
  type ExplainIntermediates,
  type ExplainResult,
  type ExplainSteps,
  explainActionOutcome,
  type SelectOutcomeStep,
  type SumDiceStep,
} from "./explain.js";
export {
  type AdvantageCounts,
  EXTRA_DIE_SIDES,
  type ExtraDieKind,
  netExtraDie,
} from "./extra-die.js";
export { DUALITY_OUTCOMES, type DualityOutcome, selectOutcome } from "./outcome.js";
export {
  checkExtraDieExclusivity,
  checkThresholdOrder,
  type DamageThresholds,
  type KnownExtraDie,
  MUTUALLY_EXCLUSIVE_DICE_ISSUE,
  type ParameterIssue,
  THRESHOLD_ORDER_ISSUE,
} from "./parameter-issues.js";
export { type IntegerRange, PARAMETER_RANGES, REQUEST_ID_LENGTH } from "./parameter-ranges.js";
export {
  computeActionProbability,
  type OutcomeCount,
  type ProbabilityInput,
  type ProbabilityResult,
} from "./probability.js";
export {
  evaluateReactionOutcome,
  REACTION_OUTCOMES,
  type ReactionOutcome,
  type ReactionOutcomeInput,
  type ReactionResult,
} from "./reaction-outcome.js";
export { type ReactionRollInput, rollReaction } from "./reaction-roll.js";
export { getRulesVersion, RULES_VERSION, type RulesVersionResult } from "./rules-version.js";

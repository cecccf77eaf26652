export {
  type ActionOutcomeInput,
  type ActionResult,
  evaluateActionOutcome,
} from "./engine/action-outcome.js";
export { type ActionRollInput, rollAction } from "./engine/action-roll.js";
export {
  DAMAGE_SEVERITIES,
  type DamageInput,
  type DamageResult,
  type DamageSeverity,
  resolveDamage,
} from "./engine/damage.js";
export { type DieRoller, rollCheckedDie } from "./engine/die-roller.js";
export { DUALITY_DIE_SIDES } from "./engine/duality-dice.js";
export { DualityError, type DualityErrorCode } from "./engine/duality-error.js";
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
} from "./engine/explain.js";
export {
  type AdvantageCounts,
  EXTRA_DIE_SIDES,
  type ExtraDieKind,
  netExtraDie,
} from "./engine/extra-die.js";
export { DUALITY_OUTCOMES, type DualityOutcome, selectOutcome } from "./engine/outcome.js";
export {
  checkExtraDieExclusivity,
  checkThresholdOrder,
  type DamageThresholds,
  type KnownExtraDie,
  MUTUALLY_EXCLUSIVE_DICE_ISSUE,
  type ParameterIssue,
  THRESHOLD_ORDER_ISSUE,
} from "./engine/parameter-issues.js";
export {
  type IntegerRange,
  PARAMETER_RANGES,
  REQUEST_ID_LENGTH,
} from "./engine/parameter-ranges.js";
export {
  computeActionProbability,
  type OutcomeCount,
  type ProbabilityInput,
  type ProbabilityResult,
} from "./engine/probability.js";
export {
  CRYPTO_POOL_SIZE,
  createCryptoWordSource,
  createDieRoller,
  createRandomDieRoller,
  createSeededWordSource,
  type WordSource,
} from "./engine/random.js";
export {
  evaluateReactionOutcome,
  REACTION_OUTCOMES,
  type ReactionOutcome,
  type ReactionOutcomeInput,
  type ReactionResult,
} from "./engine/reaction-outcome.js";
export { type ReactionRollInput, rollReaction } from "./engine/reaction-roll.js";
export { getRulesVersion, RULES_VERSION, type RulesVersionResult } from "./engine/rules-version.js";
export {
  createXoshiro128StarStar,
  MAX_SEED_LENGTH,
  seedStateFromString,
  type Xoshiro128State,
} from "./engine/xoshiro128-star-star.js";
export { createServer, type DualityServerOptions, serverOptionsSchema } from "./server.js";

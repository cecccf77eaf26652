// The dice engine: rolls, notation, exact odds and random tables, with no MCP and no I/O. Its
// randomness is injected: a source from `@tabletop-mcp/kit/random`, re-exported here.
export {
  createCryptoSource,
  createScriptedSource,
  createSeededSource,
  type RandomSource,
  type RngKind,
  type ScriptedSource,
} from "@tabletop-mcp/kit/random";
export { DiceError, type DiceErrorCode, type ParameterProblem, type Validation } from "./errors.js";
export { type InterpretedNotation, interpretNotation } from "./notation/interpret-notation.js";
export { parseNotation } from "./notation/parse-notation.js";
export type { NotationSyntaxError, ParsedNotation } from "./notation/parsed-notation.js";
export {
  MAX_NOTATION_LENGTH,
  type RollNotationArguments,
  type RollNotationParams,
  type RollNotationResponse,
  respondToRoll,
  validateRoll,
} from "./notation/roll-notation.js";
export {
  AT_LEAST_LIMITS,
  checkProbabilityWork,
  computeDiceProbability,
  type DiceProbabilityArguments,
  type DiceProbabilityParams,
  type DiceProbabilityResponse,
  type DiceProbabilityResult,
  respondToDiceProbability,
  validateDiceProbability,
} from "./probability/dice-probability.js";
export { WORK_LIMIT } from "./probability/total-distribution.js";
export { renderDescription, renderOperation } from "./render-roll.js";
export { type DieResult, type RollResult, rollDice } from "./roll-dice.js";
export {
  LIMITS,
  ROLL_DICE_PARAMETER_NAMES,
  type RollDiceParams,
  type ValidRollDiceParams,
} from "./roll-dice-params.js";
export {
  checkRolls,
  checkTotalDice,
  ROLL_MULTIPLE_LIMITS,
  type RollMultipleArguments,
  type RollMultipleItem,
  type RollMultipleParams,
  type RollMultipleResponse,
  respondToRollMultiple,
  rollMultiple,
  validateRollMultiple,
} from "./roll-multiple.js";
export {
  buildRollDiceResponse,
  type RollDiceResponse,
  type RollMetadata,
  respondToRollDice,
} from "./roll-response.js";
export { checkRollDiceValues } from "./rules/roll-dice-rules.js";
export { validateRollDice } from "./rules/validate-roll-dice.js";
export {
  describeViolation,
  type Finding,
  findingsToProblems,
  type Violation,
} from "./rules/violation.js";
export { drawFromTable, type TableDraw } from "./tables/draw-table.js";
export { layOutTable, type TableEntrySpec, type TableSpec } from "./tables/lay-out-table.js";
export { type RandomTable, TABLE_LIMITS, type TableEntry } from "./tables/random-table.js";
export {
  checkUniqueCount,
  chooseTable,
  type RollTableArguments,
  type RollTableParams,
  type RollTableResponse,
  type RollTableResult,
  respondToRollTable,
  validateRollTable,
} from "./tables/roll-table.js";

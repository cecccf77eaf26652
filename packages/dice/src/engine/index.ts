export { DiceError, type DiceErrorCode, type ParameterProblem, type Validation } from "./errors.js";
export { type InterpretedNotation, interpretNotation } from "./notation/interpret-notation.js";
export { parseNotation } from "./notation/parse-notation.js";
export type { NotationSyntaxError, ParsedNotation } from "./notation/parsed-notation.js";
export {
  MAX_NOTATION_LENGTH,
  type RollNotationParams,
  type RollNotationResponse,
  respondToRoll,
  validateRollArguments,
} from "./notation/roll-notation.js";
export {
  AT_LEAST_LIMITS,
  computeDiceProbability,
  type DiceProbabilityParams,
  type DiceProbabilityResponse,
  type DiceProbabilityResult,
  respondToDiceProbability,
  validateDiceProbabilityArguments,
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
  ROLL_MULTIPLE_LIMITS,
  type RollMultipleItem,
  type RollMultipleParams,
  type RollMultipleResponse,
  respondToRollMultiple,
  rollMultiple,
  validateRollMultipleArguments,
} from "./roll-multiple.js";
export {
  buildRollDiceResponse,
  type RollDiceResponse,
  type RollMetadata,
  respondToRollDice,
} from "./roll-response.js";
export { drawFromTable, type TableDraw } from "./tables/draw-table.js";
export { parseRandomTable } from "./tables/parse-table.js";
export { type RandomTable, TABLE_LIMITS, type TableEntry } from "./tables/random-table.js";
export {
  type RollTableParams,
  type RollTableResponse,
  type RollTableResult,
  respondToRollTable,
  validateRollTableArguments,
} from "./tables/roll-table.js";
export { validateRollDiceArguments } from "./validation/validate-roll-dice.js";

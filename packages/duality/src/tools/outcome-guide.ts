/** How to read an action outcome, shared by the descriptions of the action tools. */
export const OUTCOME_GUIDE = [
  "How to read `outcome`:",
  "SUCCESS_WITH_HOPE: the action succeeds and the player gains 1 Hope.",
  "SUCCESS_WITH_FEAR: the action succeeds with a cost or complication, and the GM gains 1 Fear.",
  "FAILURE_WITH_HOPE: the action fails with a minor consequence, but the player gains 1 Hope.",
  "FAILURE_WITH_FEAR: the action fails with a major consequence; the GM gains 1 Fear and makes a move.",
  "CRITICAL_SUCCESS: Hope equals Fear, a success whatever the total, with a bonus; it counts as rolled with Hope (the player gains 1 Hope and clears 1 Stress).",
  "ROLL_WITH_HOPE / ROLL_WITH_FEAR: no difficulty was given, so only the higher die is reported.",
  "The advantage or disadvantage d6 changes only the total, never the crit or which die is higher.",
  "This server only classifies; Hope, Fear and Stress are tracked elsewhere (e.g. the campaign server).",
].join(" ");

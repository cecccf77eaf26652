import { type CharacterState, GM_FEAR_MAX, HOPE_MAX, type RollFlavor } from "./records.js";

/** What decides a roll's mandatory effects: success or failure does not matter. */
export interface RollClassification {
  flavor: RollFlavor;
  crit: boolean;
}

/** One value an outcome actually changed. */
export interface AppliedChange {
  character_id?: string;
  field: "hope" | "stress" | "gm_fear";
  before: number;
  after: number;
}

/** The effects of one roll on its targets and the GM's Fear. */
export interface RollOutcome {
  states: CharacterState[];
  gm_fear: number;
  requires_complication: boolean;
  applied_changes: AppliedChange[];
}

/**
 * Applies the Hope/Fear effects of a roll (docs/campaign.md §4.12, SRD Making Moves and Taking
 * Action): a crit gives each target 1 Hope and clears 1 Stress; a roll with Hope gives each
 * target 1 Hope; a roll with Fear gives the GM 1 Fear per target and calls for a complication.
 * Hope stops at 6 and Fear at 12; the excess is lost.
 *
 * @param roll - the roll's flavor and crit
 * @param targets - the targets' current states, in target order
 * @param gmFear - the GM's current Fear
 * @returns the new states in target order, the new Fear, and the changes in log order
 */
export function applyRollOutcome(
  roll: RollClassification,
  targets: readonly CharacterState[],
  gmFear: number,
): RollOutcome {
  const changes: AppliedChange[] = [];
  if (roll.flavor === "FEAR" && !roll.crit) {
    const after = Math.min(GM_FEAR_MAX, gmFear + targets.length);
    if (after !== gmFear) changes.push({ field: "gm_fear", before: gmFear, after });
    return {
      states: targets.map((state) => ({ ...state })),
      gm_fear: after,
      requires_complication: true,
      applied_changes: changes,
    };
  }
  const states = targets.map((state) => {
    const hope = Math.min(HOPE_MAX, state.hope + 1);
    const stress = roll.crit ? Math.max(0, state.stress - 1) : state.stress;
    if (hope !== state.hope) {
      changes.push({
        character_id: state.character_id,
        field: "hope",
        before: state.hope,
        after: hope,
      });
    }
    if (stress !== state.stress) {
      changes.push({
        character_id: state.character_id,
        field: "stress",
        before: state.stress,
        after: stress,
      });
    }
    return { ...state, hope, stress };
  });
  return { states, gm_fear: gmFear, requires_complication: false, applied_changes: changes };
}

/**
 * Drops repeated target ids, keeping each first occurrence; no targets means the roller.
 *
 * @param targets - the ids as given
 * @param rollerId - the character who rolled
 * @returns the resolved targets
 */
export function resolveTargets(targets: readonly string[] | undefined, rollerId: string): string[] {
  if (targets === undefined || targets.length === 0) return [rollerId];
  return [...new Set(targets)];
}

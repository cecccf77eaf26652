import * as z from "zod";
import { BUDGET_ADJUSTMENTS, CONDITIONS, ENCOUNTER_DIFFICULTIES } from "../domain/encounters.js";
import { idParameter } from "./schemas.js";

/** The fight a tool acts on. */
export const encounterIdParameter = idParameter("The encounter's id (enc_…), from encounter_start");

/** An adversary in a fight as the GM sees it (docs/campaign.md §2.10). */
export const instanceOutput = z.object({
  id: z.string(),
  adversary_id: z.string(),
  name: z.string(),
  defeated: z.boolean(),
  hp_marked: z.int(),
  hp_max: z.int(),
  stress_marked: z.int(),
  stress_max: z.int(),
  conditions: z.array(z.enum(CONDITIONS)),
});

/** A fight as the GM sees it (docs/campaign.md §2.10). */
export const encounterOutput = z.object({
  id: z.string(),
  name: z.string(),
  session_id: z.string(),
  state: z.enum(["ACTIVE", "ENDED"]),
  difficulty: z.enum(ENCOUNTER_DIFFICULTIES),
  adjustments: z.array(z.enum(BUDGET_ADJUSTMENTS)),
  party: z.array(z.string()),
  battle_points: z.object({
    budget: z.int(),
    spent: z.int(),
    left: z.int(),
    over: z.boolean().describe("The adversaries cost more than the budget: allowed, and said"),
  }),
  instances: z.array(instanceOutput),
  outcome: z.string().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
});

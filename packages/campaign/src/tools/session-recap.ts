import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { recapSession } from "../commands/recap-session.js";
import { runCommand } from "./run-command.js";
import { contextHandleParameter, sessionIdParameter } from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  session_id: sessionIdParameter,
  cursor: z
    .int()
    .min(0)
    .describe("The next_cursor of the previous page; the recap goes on after it")
    .optional(),
});

const items = z.array(z.record(z.string(), z.unknown()));

const output = z.object({
  session: z.object({
    id: z.string(),
    name: z.string(),
    status: z.enum(["ACTIVE", "ENDED"]),
    started_at: z.string(),
    ended_at: z.string().nullable(),
  }),
  from_seq: z.int().nullable(),
  to_seq: z.int().nullable(),
  rolls: items.describe("Action rolls: trait, total, difficulty, success, flavor, crit, applied"),
  attacks: items.describe("Adversaries' attacks: attacker, target, total, hit, critical, damage"),
  characters: z.array(
    z.object({
      character_id: z.string(),
      hope_gained: z.int(),
      hope_spent: z.int(),
      stress_marked: z.int(),
      stress_cleared: z.int(),
      hp_marked: z.int(),
      hp_cleared: z.int(),
    }),
  ),
  fear: z.object({
    gained: z.int(),
    spent: z.int(),
    spends: z.array(z.object({ seq: z.int(), amount: z.int(), reason: z.string() })),
  }),
  encounters: items.describe(
    "Each fight: name, state, and for an ended one its outcome, defeated and standing",
  ),
  countdowns_triggered: z.array(
    z.object({ seq: z.int(), countdown_id: z.string(), name: z.string() }),
  ),
  notes: z.array(z.object({ seq: z.int(), text: z.string(), gm_only: z.literal(true).optional() })),
  next_cursor: z.int().nullable().describe("Pass as cursor for the rest; null when it is all here"),
});

/**
 * `session_recap` (docs/campaign.md §4.36).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function sessionRecapTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "session_recap",
    title: "Recap a session",
    description:
      "What happened in a session, structured for narrating \"last time…\": the action rolls and whether their outcome was applied, the adversaries' attacks, each character's Hope gained and spent, Stress and HP marked and cleared, the GM's Fear gained and spent (with reasons), the encounters with who was defeated, the countdowns that triggered, and the notes. The GM gets every event, a player every one but the GM-only ones. Long sessions come in pages, oldest first: while next_cursor is not null, call again with cursor set to it. Read-only.",
    input,
    output,
    annotations: { readOnlyHint: true, idempotentHint: true, destructiveHint: false },
    scope: "campaign:read",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, rest) =>
          recapSession(dependencies.environment, caller, rest),
        ),
      ),
  });
}

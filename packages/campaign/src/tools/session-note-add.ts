import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { addSessionNote } from "../commands/add-session-note.js";
import { runCommand } from "./run-command.js";
import { contextHandleParameter, sessionIdParameter, textParameter } from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  session_id: sessionIdParameter,
  text: textParameter(1, 4000, "The note"),
  gm_only: z
    .boolean()
    .describe("Keep the note from the players (GM only; default false)")
    .optional(),
});

const output = z.object({ session_id: z.string(), seq: z.int(), ts: z.string() });

/**
 * `session_note_add` (docs/campaign.md §4.13).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function sessionNoteAddTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "session_note_add",
    title: "Add a note to the session log",
    description:
      "Appends a NOTE_ADDED event to the active session's log (what happened, a ruling, a reminder). The GM and players may; only the GM may mark it gm_only, which keeps it out of the players' view of the log. Returns its seq and timestamp.",
    input,
    output,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, input) =>
          addSessionNote(dependencies.environment, caller, input),
        ),
      ),
  });
}

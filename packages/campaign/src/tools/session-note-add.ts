import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { addSessionNote } from "../commands/add-session-note.js";
import { runCommand } from "./run-command.js";
import { sessionIdParameter, textParameter } from "./schemas.js";
import { callerOf, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  session_id: sessionIdParameter,
  text: textParameter(1, 4000, "The note"),
});

const output = z.object({ session_id: z.string(), seq: z.int(), ts: z.string() });

/**
 * `session_note_add` (campaign.md §4.13).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function sessionNoteAddTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "session_note_add",
    title: "Add a note to the session log",
    description:
      "Appends a NOTE_ADDED event to the active session's log (what happened, a ruling, a reminder). Returns its seq and timestamp.",
    input,
    output,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(context, () =>
        addSessionNote(dependencies.environment, callerOf(dependencies), args),
      ),
  });
}

import { defineTool, type ParameterProblem, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { DEFAULT_SEARCH_LIMIT, searchSessionLog } from "../commands/search-session-log.js";
import { SESSION_EVENT_TYPES } from "../domain/records.js";
import { SEARCH_CURSOR_PATTERN } from "../domain/search-cursor.js";
import { MAX_SEARCH_QUERY_LENGTH, MAX_SEARCH_WORDS, searchWords } from "../domain/search-words.js";
import { runQuery } from "./run-command.js";
import {
  campaignIdParameter,
  contextHandleParameter,
  eventOutput,
  idParameter,
} from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

/** The most events a page may hold. */
const MAX_SEARCH_LIMIT = 100;

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  query: z
    .string()
    .trim()
    .min(1)
    .max(MAX_SEARCH_QUERY_LENGTH)
    .describe(
      `Plain words, all of which an event must hold (1-${MAX_SEARCH_WORDS} distinct words); punctuation and search operators are read as spaces`,
    ),
  session_id: idParameter(
    "Only this session's log (sess_…); every session of the campaign when omitted (never taken from the context)",
  ).optional(),
  types: z
    .array(z.enum(SESSION_EVENT_TYPES))
    .min(1)
    .max(SESSION_EVENT_TYPES.length)
    .describe('Only events of these types, e.g. ["NOTE_ADDED"] for notes alone')
    .optional(),
  limit: z
    .int()
    .min(1)
    .max(MAX_SEARCH_LIMIT)
    .describe(
      `Events per page (default ${DEFAULT_SEARCH_LIMIT}); a page also ends before the answer would pass 64 KiB`,
    )
    .optional(),
  cursor: z
    .string()
    .regex(SEARCH_CURSOR_PATTERN)
    .describe("The next_cursor of the previous page; the other arguments must stay the same")
    .optional(),
});

const output = z.object({
  events: z.array(eventOutput).describe("The events found, newest first"),
  next_cursor: z
    .string()
    .nullable()
    .describe("Pass as cursor for the next, older page; null on the last page"),
});

/** The word rules the schema cannot express: some words, and not too many. */
function queryProblems(args: z.output<typeof input>): ParameterProblem[] {
  const count = searchWords(args.query).length;
  const validRange = `1-${MAX_SEARCH_WORDS} words`;
  if (count === 0) {
    return [
      {
        parameter: "query",
        issue: "Has no words to search for; give letters or digits",
        valid_range: validRange,
      },
    ];
  }
  if (count <= MAX_SEARCH_WORDS) return [];
  return [
    {
      parameter: "query",
      issue: `Has ${count} distinct words; at most ${MAX_SEARCH_WORDS} allowed`,
      valid_range: validRange,
    },
  ];
}

/**
 * `session_log_search` (docs/campaign.md §4.20).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function sessionLogSearchTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "session_log_search",
    title: "Search the session logs",
    description:
      "Finds the events of a campaign's session logs whose text holds every word of query, newest first: notes, and the words inside every other event (names, traits, modifier sources, reasons, refusal messages, theme and notes changes). Use it to answer \"what happened last time with the duke?\". Words match whole and regardless of case; quotes, *, -, :, parentheses and the like are read as spaces, so query is plain words. Narrow with session_id (one session; otherwise every session of the campaign) and types. The GM finds every event, a player every one but GM-only notes. Paged: while next_cursor is not null, call again with the same arguments and cursor set to it. Each event's payload_json holds its details; session://{session_id}/events shows the log around it.",
    input,
    output,
    annotations: { readOnlyHint: true, idempotentHint: true, destructiveHint: false },
    scope: "campaign:read",
    checkArguments: queryProblems,
    handler: (args, context) =>
      runQuery(() =>
        asCaller(dependencies, context, args, (caller, input) =>
          searchSessionLog(dependencies.environment, caller, input),
        ),
      ),
  });
}

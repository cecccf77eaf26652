import { setTimeout as sleep } from "node:timers/promises";
import * as z from "zod";
import { defineTool, type Tool } from "../tool.js";
import { NO_ARGUMENTS, READ_ONLY } from "./content-tools.js";

/** The pause between notifications, so that a client sees them arrive one by one. */
const STEP_MS = 50;

const DONE = z.object({ text: z.string() }).strict();

/** The tools that notify the client while they run (suite: `tools-call-with-logging`, `-with-progress`). */
export const NOTIFYING_TOOLS: readonly Tool[] = [
  defineTool({
    name: "test_tool_with_logging",
    title: "test_tool_with_logging",
    description: "Sends three info log messages, 50 ms apart, while it runs.",
    input: NO_ARGUMENTS,
    output: DONE,
    annotations: READ_ONLY,
    handler: async (_args, context) => {
      await context.log("info", "Tool execution started");
      await sleep(STEP_MS, undefined, { signal: context.signal });
      await context.log("info", "Tool processing data");
      await sleep(STEP_MS, undefined, { signal: context.signal });
      await context.log("info", "Tool execution completed");
      return { text: "Tool with logging executed successfully" };
    },
  }),
  defineTool({
    name: "test_tool_with_progress",
    title: "test_tool_with_progress",
    description: "Reports progress 0, 50 and 100 of 100, 50 ms apart, when asked for progress.",
    input: NO_ARGUMENTS,
    output: DONE,
    annotations: READ_ONLY,
    handler: async (_args, context) => {
      await context.progress(0, 100);
      await sleep(STEP_MS, undefined, { signal: context.signal });
      await context.progress(50, 100);
      await sleep(STEP_MS, undefined, { signal: context.signal });
      await context.progress(100, 100);
      return { text: "Tool with progress executed successfully" };
    },
  }),
];

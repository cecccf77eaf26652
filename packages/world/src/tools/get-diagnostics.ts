import type { Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { getDiagnostics } from "../queries/get-diagnostics.js";
import type { WorldStore } from "../world/world-store.js";
import { defineWorldTool, payloadSchema } from "./world-tool.js";

const input = z.strictObject({
  severity: z
    .enum(["error", "warning", "info"])
    .optional()
    .describe("Filter by severity: 'error', 'warning', or 'info'"),
  file: z.string().optional().describe("Filter by source file name (e.g., 'locked-garden.urd.md')"),
});

const output = payloadSchema({
  total: z.int(),
  errors: z.int(),
  warnings: z.int(),
  info: z.int(),
  diagnostics: z.array(
    z.object({
      severity: z.enum(["error", "warning", "info"]),
      code: z.string(),
      message: z.string(),
      file: z.string(),
      start_line: z.int(),
      start_col: z.int(),
      end_line: z.int(),
      end_col: z.int(),
    }),
  ),
});

/**
 * `get_diagnostics` (urd.md §12.10).
 *
 * @param store - the current compiled world
 * @returns the tool
 */
export function createGetDiagnosticsTool(store: WorldStore): Tool {
  return defineWorldTool(
    {
      name: "get_diagnostics",
      title: "Compiler diagnostics",
      description:
        "Returns all compiler diagnostics (errors, warnings, info) for the compiled world. Optionally filter by severity or file. Use it to find problems in the world: unreachable locations, impossible conditions, properties never written, type mismatches.",
      input,
      output,
      handler: ({ severity, file }, world) => getDiagnostics(world.compiled, { severity, file }),
    },
    store,
  );
}

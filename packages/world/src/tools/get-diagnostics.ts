import type { Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { pageableArrays } from "../paging/pageable-answer.js";
import { getDiagnostics } from "../queries/get-diagnostics.js";
import type { WorldStore } from "../world/world-store.js";
import { answerInPages } from "./pageable-answers.js";
import { idParameter, pageSchema, pagingParameters } from "./paging-parameters.js";
import { defineWorldTool, payloadSchema } from "./world-tool.js";

const input = z.strictObject({
  severity: z
    .enum(["error", "warning", "info"])
    .optional()
    .describe("Filter by severity: 'error', 'warning', or 'info'"),
  file: idParameter("Filter by source file name (e.g., 'locked-garden.urd.md')").optional(),
  ...pagingParameters,
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
  page: pageSchema,
  cursor: z.string(),
});

/**
 * `get_diagnostics` (docs/world.md §4.8), with pages (§5.2).
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
        "Returns all compiler diagnostics (errors, warnings, info) for the compiled world. Optionally filter by severity or file. Use it to find problems in the world: unreachable locations, impossible conditions, properties never written, type mismatches. The counts always describe the whole filtered list. An answer over 64 KiB comes in pages: it then carries page.total and page.next_cursor; call again with the same arguments and cursor set to next_cursor until it is null. limit sets the page size.",
      input,
      output,
      handler: ({ severity, file, limit, cursor }, world) =>
        answerInPages(world, "get_diagnostics", { severity, file }, { limit, cursor }, () =>
          pageableArrays(getDiagnostics(world.compiled, { severity, file }), ["diagnostics"]),
        ),
    },
    store,
  );
}

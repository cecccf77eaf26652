import { validateArguments } from "@tabletop-mcp/kit";
import * as z from "zod";
import { layOutTable, type RandomTable, type TableSpec, type Validation } from "./engine/index.js";
import { tableSchema } from "./tools/table-schema.js";

type JsonSchema = Parameters<typeof validateArguments>[1];

const wrappers = new Map<string, { schema: z.ZodType; json: JsonSchema }>();

/**
 * Reads a table from JSON (a file of `--tables DIR`, or a test's fixture) as `roll_table` reads
 * an inline one: its shape checked by the tool's schema, with the kit's wording, then laid out
 * on its die by the engine.
 *
 * @param input - the parsed JSON
 * @param path - the parameter path used in problems
 * @param defaultName - the name to use when the table has none (a file's base name)
 * @returns the table, or every problem
 */
export function parseRandomTable(
  input: unknown,
  path = "table",
  defaultName?: string,
): Validation<RandomTable> {
  const wrapper = wrapperFor(path);
  const validation = validateArguments(wrapper.schema, wrapper.json, { [path]: input });
  if (!validation.ok) return validation;
  const spec = (validation.value as Record<string, TableSpec>)[path] as TableSpec;
  return layOutTable(spec, path, defaultName);
}

/** The schema of `{ [path]: table }`, so that every problem's parameter starts with the path. */
function wrapperFor(path: string): { schema: z.ZodType; json: JsonSchema } {
  let wrapper = wrappers.get(path);
  if (wrapper === undefined) {
    const schema = z.strictObject({ [path]: tableSchema });
    wrapper = { schema, json: z.toJSONSchema(schema, { io: "input" }) as JsonSchema };
    wrappers.set(path, wrapper);
  }
  return wrapper;
}

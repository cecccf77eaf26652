import * as z from "zod";

/**
 * The options of `createServer` that can be written as JSON, for configurations such as
 * the gateway's: the world file and whether to watch it. Unknown keys are refused.
 */
export const serverOptionsSchema = z.strictObject({
  worldPath: z
    .string()
    .min(1)
    .describe(
      "The Urd world file (.urd.md) to serve, absolute or relative to the working directory",
    ),
  watch: z
    .boolean()
    .optional()
    .describe(
      "Recompile when the file or its imports change and notify subscribed sessions (default false)",
    ),
});

/** JSON-expressible world server options, as {@link serverOptionsSchema} accepts them. */
export type ServerOptionsJson = z.infer<typeof serverOptionsSchema>;

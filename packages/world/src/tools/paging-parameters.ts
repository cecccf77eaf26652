import * as z from "zod";

/**
 * The longest id or name a parameter accepts. Errors echo the id they could not find, so a bound
 * keeps every answer inside the byte budget; real ids are headings made into slugs, far shorter.
 */
const MAX_ID_LENGTH = 1024;

/** The most items per collection a page may be asked to hold. */
const MAX_PAGE_LIMIT = 5000;

/** Cursors are a few dozen characters; anything much longer cannot be one. */
const MAX_CURSOR_LENGTH = 256;

/**
 * A parameter naming something in the world: an id, a type or property name, a file name.
 *
 * @param description - what it names, with an example
 * @returns the string schema, at most {@link MAX_ID_LENGTH} characters
 */
export function idParameter(description: string) {
  return z.string().max(MAX_ID_LENGTH).describe(description);
}

/** `limit` and `cursor`, the paging parameters of every tool whose answer lists things. */
export const pagingParameters = {
  limit: z
    .int()
    .min(1)
    .max(MAX_PAGE_LIMIT)
    .optional()
    .describe(
      "Page size: at most this many items in each list of the answer (the answer is then a page with 'page.total' and 'page.next_cursor'). Without it, an answer over 64 KiB is paged by size",
    ),
  cursor: z
    .string()
    .max(MAX_CURSOR_LENGTH)
    .optional()
    .describe(
      "The 'page.next_cursor' of the previous page, passed back unchanged with the same other arguments, to get the next page",
    ),
};

/** What a page adds to an answer: each list's whole length and the next page's cursor. */
export const pageSchema = z
  .object({
    total: z.record(z.string(), z.int()),
    next_cursor: z.string().nullable(),
  })
  .describe(
    "Present when the answer is a page: 'total' counts each list's items in the whole answer; call again with cursor = next_cursor until it is null",
  );

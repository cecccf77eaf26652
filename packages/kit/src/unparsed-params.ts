import type { StandardSchemaV1 } from "@modelcontextprotocol/server";

/**
 * A Standard Schema that accepts any params and returns them untouched: the schema bundle for
 * `setRequestHandler(method, UNPARSED_PARAMS, handler)`, for handlers that read and check their
 * params themselves (see `onRequest` and `setToolCallHandler`).
 */
export const UNPARSED_PARAMS: { params: StandardSchemaV1<unknown, unknown> } = {
  params: {
    "~standard": { version: 1, vendor: "tabletop-kit", validate: (value: unknown) => ({ value }) },
  },
};

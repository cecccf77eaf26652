import type { Resource as ResourceListing } from "@modelcontextprotocol/server";
import { ProtocolErrorCode } from "@modelcontextprotocol/server";
import { ProtocolError } from "./request-params.js";
import type { ResourceContext, ResourceListPage, ResourceTemplate } from "./resource.js";

/** Where a `resources/list` page starts: a template, and that template's own cursor. */
interface ListPosition {
  template: number;
  cursor: string;
}

/**
 * The error of a `resources/list` cursor the server did not give, or no longer recognises
 * (docs/contract.md §7.9). A template's `list` throws it for a cursor of its own it cannot use.
 *
 * @returns a `-32602` error naming `params.cursor`
 */
export function unknownCursorError(): ProtocolError {
  return new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    "params.cursor is not a cursor this server gave; list again without a cursor",
  );
}

function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.template, position.cursor])).toString("base64url");
}

function decodeCursor(cursor: string, templates: readonly ResourceTemplate[]): ListPosition {
  let decoded: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw unknownCursorError();
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw unknownCursorError();
  }
  if (!Array.isArray(decoded) || decoded.length !== 2) throw unknownCursorError();
  const [template, inner] = decoded as unknown[];
  const listed = typeof template === "number" && templates[template]?.spec.list !== undefined;
  if (!listed || typeof inner !== "string") throw unknownCursorError();
  return { template, cursor: inner };
}

function asPage(listed: ResourceListing[] | ResourceListPage): ResourceListPage {
  return Array.isArray(listed) ? { resources: listed } : listed;
}

/**
 * Answers `resources/list` a page at a time (docs/contract.md §7.9): the fixed resources first,
 * then each template's listed resources in declaration order. When a template's `list` gives a
 * `nextCursor`, the page ends there and the answer's `nextCursor` (opaque: the template's
 * position and its cursor, in base64url) resumes it.
 *
 * @param fixed - the fixed resources' listings
 * @param templates - the resource templates
 * @param context - who is listing
 * @param cursor - the request's cursor, if any
 * @throws ProtocolError `-32602` naming `params.cursor` for a cursor the server did not give
 */
export async function listResources(
  fixed: readonly ResourceListing[],
  templates: readonly ResourceTemplate[],
  context: ResourceContext,
  cursor: string | undefined,
): Promise<{ resources: ResourceListing[]; nextCursor?: string }> {
  const start = cursor === undefined ? undefined : decodeCursor(cursor, templates);
  const resources = start ? [] : [...fixed];
  for (let index = start?.template ?? 0; index < templates.length; index++) {
    const list = templates[index]?.spec.list;
    if (!list) continue;
    const resumeAt = index === start?.template ? start.cursor : undefined;
    const page = asPage(await list(context, resumeAt));
    resources.push(...page.resources);
    if (page.nextCursor !== undefined) {
      return { resources, nextCursor: encodeCursor({ template: index, cursor: page.nextCursor }) };
    }
  }
  return { resources };
}
